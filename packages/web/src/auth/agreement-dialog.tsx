import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { Agreement } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackLanguageMark } from '../components/fallback-language-mark.js';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { body, client } from '../lib/api.js';
import { useAccount } from './account.js';
import { logout, useAuth } from './session.js';

/**
 * The agreements' titles in the reader's language (`GET /agreements/latest?language=`), by type
 * and version; the account check fetched them before the language may have been known.
 */
function useAgreementTitles(enabled: boolean) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const titles = useQuery({
    queryKey: ['agreement-titles', language],
    queryFn: () => body(client.GET('/agreements/latest', { params: { query: { language } }, auth: 'none' })),
    enabled,
    staleTime: 10 * 60_000,
  });
  return (a: Agreement): Agreement =>
    titles.data?.find((x) => x.type === a.type && x.version === a.version) ?? a;
}

/** Lists unaccepted agreements with a tick box each; Accept needs every box (product spec §4, §5). */
export function AgreementDialog() {
  const { agreements, accept } = useAccount();
  const auth = useAuth();
  const { t } = useTranslation('auth');
  const titled = useAgreementTitles(agreements.status === 'done' && agreements.unaccepted.length > 0);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [accepting, setAccepting] = useState(false);
  const [failed, setFailed] = useState(false);

  if (agreements.status !== 'done' || agreements.unaccepted.length === 0) return null;
  const list = agreements.unaccepted;
  const key = (a: (typeof list)[number]) => `${a.type}:${a.version}`;
  const all = list.every((a) => ticked[key(a)]);

  const onAccept = async () => {
    setAccepting(true);
    setFailed(false);
    try {
      await accept(list);
    } catch {
      setFailed(true);
    } finally {
      setAccepting(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={agreements.isNew ? t('agreements.titleNew') : t('agreements.titleUpdated')}
      centered
    >
      <Stack>
        <Text size="sm">{agreements.isNew ? t('agreements.introNew') : t('agreements.introUpdated')}</Text>
        {list.map((a) => (
          <Checkbox
            key={key(a)}
            checked={!!ticked[key(a)]}
            onChange={(e) => {
              // Read now: React clears currentTarget before a deferred state updater runs.
              const checked = e.currentTarget.checked;
              setTicked((s) => ({ ...s, [key(a)]: checked }));
            }}
            label={
              <>
                {t('agreements.accept')}{' '}
                <Anchor href={a.url} target="_blank" rel="noreferrer">
                  {titled(a).title}
                </Anchor>{' '}
                <FallbackLanguageMark shown={titled(a).language} /> (
                {t('agreements.version', { version: a.version })})
              </>
            }
          />
        ))}
        {failed && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {t('agreements.failed')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => logout(auth)} disabled={accepting}>
            {t('agreements.decline')}
          </Button>
          <Button onClick={onAccept} disabled={!all || accepting}>
            {accepting ? t('agreements.accepting') : t('agreements.acceptButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
