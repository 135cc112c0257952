import { Button, Group, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n/index.js';
import { LANGUAGES, resolveLanguage, searchLanguages } from '../../i18n/languages.js';
import { Flag } from '../flag/flag.js';

/** The header's language button and the searchable language dialog (product spec §2.7). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('components');
  const [opened, { open, close }] = useDisclosure(false);
  const [query, setQuery] = useState('');
  const [failed, setFailed] = useState(false);
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const currentLanguage = LANGUAGES.find((l) => l.code === current) ?? LANGUAGES[0];
  const results = searchLanguages(query);

  const choose = async (code: string) => {
    setFailed(false);
    try {
      await changeLanguage(code);
      close();
      setQuery('');
    } catch {
      setFailed(true);
    }
  };

  return (
    <>
      <Button
        variant="default"
        size="compact-md"
        onClick={open}
        aria-label={`${currentLanguage.code} · ${t('language.button', { language: currentLanguage.nativeName })}`}
        leftSection={<Flag flag={currentLanguage.flag} />}
      >
        {currentLanguage.code}
      </Button>
      <Modal opened={opened} onClose={close} title={t('language.title')} centered>
        <Stack>
          <TextInput
            data-autofocus
            label={t('language.search')}
            placeholder={t('language.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          {failed && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {t('errors:other.changeLanguage')}
            </Text>
          )}
          <ScrollArea.Autosize mah={360}>
            {results.length === 0 ? (
              <Text c="dimmed" size="sm" py="md" ta="center">
                {t('language.noResults')}
              </Text>
            ) : (
              <Stack gap={2} role="list">
                {results.map((l) => (
                  <UnstyledButton
                    key={l.code}
                    role="listitem"
                    lang={l.code}
                    onClick={() => choose(l.code)}
                    aria-current={l.code === current ? 'true' : undefined}
                    p="xs"
                    style={{
                      borderRadius: 8,
                      background: l.code === current ? 'var(--mantine-color-default-hover)' : undefined,
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Flag flag={l.flag} size={24} />
                        <div>
                          <Text size="sm" fw={500}>
                            {l.nativeName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {l.name} · {l.code}
                          </Text>
                        </div>
                      </Group>
                      {l.code === current && (
                        <Text c="indigo" fw={700} aria-label={t('language.current')}>
                          ✓
                        </Text>
                      )}
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Stack>
      </Modal>
    </>
  );
}
