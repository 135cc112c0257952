import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/numbers.js';
import { dictionaryInfoQuery, dictionaryTagsQuery } from './use-suggest-meta.js';

/** The languages with dictionaries, English first, then by code. */
export function dictionaryLanguages(info: readonly { language?: string | null }[]): string[] {
  const codes = new Set(info.map((d) => d.language).filter((l): l is string => !!l));
  return [...codes].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
}

/** The language's name in the reader's language, with its code (`German (de)`). */
function languageLabel(code: string, reader: string | undefined): string {
  try {
    const name = new Intl.DisplayNames(reader ? [reader] : undefined, { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * The playground's dictionary browser: a language's dictionaries (kinds and word counts, from
 * dictionary-info) and their tags (`?language=`), with a two-word pattern of that language to try.
 */
export function DictionaryBrowser({ onUsePattern }: { onUsePattern: (pattern: string) => void }) {
  const { t, i18n } = useTranslation('playground');
  const lng = i18n.resolvedLanguage;
  const [language, setLanguage] = useState('en');
  const info = useQuery(dictionaryInfoQuery);
  const tags = useQuery(dictionaryTagsQuery(language));
  const languages = useMemo(() => dictionaryLanguages(info.data ?? []), [info.data]);
  const kinds = (info.data ?? []).filter((d) => d.language === language || d.language === null);
  const example = language === 'en' ? '{adjective}-{noun}' : `{adjective@${language}}-{noun@${language}}`;

  if (info.isError) {
    return (
      <Text size="sm" c="dimmed" data-testid="dictionary-browser-failed">
        {t('dictionaries.loadFailed')}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="dictionary-browser">
      <Stack gap="sm">
        <Group justify="space-between" align="end">
          <Title order={2} size="h4">
            {t('dictionaries.title')}
          </Title>
          <Select
            label={t('dictionaries.language')}
            data={languages.map((code) => ({ value: code, label: languageLabel(code, lng) }))}
            value={language}
            onChange={(value) => value && setLanguage(value)}
            allowDeselect={false}
            searchable
            w={240}
            data-testid="dictionary-language"
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('dictionaries.hint', { example, language })}
        </Text>
        <Table striped withTableBorder data-testid="dictionary-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dictionaries.kind')}</Table.Th>
              <Table.Th>{t('dictionaries.words')}</Table.Th>
              <Table.Th>{t('dictionaries.tags')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.map((d) => (
              <Table.Tr key={`${d.kind}@${d.language}`} data-testid={`dictionary-${d.kind}`}>
                <Table.Td ff="monospace">
                  {d.language && d.language !== 'en' ? `{${d.kind}@${d.language}}` : `{${d.kind}}`}
                </Table.Td>
                <Table.Td>{formatCount(String(d.count), lng)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {(tags.data ?? [])
                      .filter((tag) => tag.kind === d.kind && tag.language === d.language)
                      .map((tag) => (
                        <Badge key={tag.tag} variant="light" tt="none" title={tag.description}>
                          {tag.tag} · {formatCount(String(tag.word_count), lng)}
                        </Badge>
                      ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => onUsePattern(example)}
            data-testid="dictionary-try"
          >
            {t('dictionaries.try', { pattern: example })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
