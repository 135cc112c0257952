import { Alert, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InstallRevocation } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/field.js';
import { formatDateTime } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { useStaff } from '../use-staff.js';
import { importRevocations, installQueries } from './install-api.js';

/**
 * The install's revocation list: where it is fetched from (or that it is imported only), the list
 * in force, the last fetch and its error, this licence's revocation with its grace period, and for
 * admins the upload of a list file (an install that cannot reach its issuer).
 */
export function RevocationPanel({ revocation }: { revocation: InstallRevocation }) {
  const { t, i18n } = useTranslation('install');
  const { writable } = useStaff();
  const client = useQueryClient();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('revocation.never'));
  const upload = useMutation({
    mutationFn: async (file: File) => importRevocations(await file.text()),
    onSuccess: async () => {
      notifySuccess(t('revocation.imported'));
      await client.invalidateQueries({ queryKey: installQueries.status().queryKey });
    },
    onError: (error) => notifyFailure(t('revocation.importFailed'), error),
  });
  const refused = revocation.grace_until !== null && Date.parse(revocation.grace_until) <= Date.now();
  return (
    <Stack gap="sm">
      {revocation.licence_revoked_at && (
        <Alert
          variant="light"
          color={refused ? 'red' : 'orange'}
          title={t('revocation.revokedTitle')}
          data-testid="install-revoked"
        >
          {t(refused ? 'revocation.refused' : 'revocation.grace', {
            revokedAt: when(revocation.licence_revoked_at),
            graceUntil: when(revocation.grace_until),
            hours: revocation.grace_hours,
          })}
        </Alert>
      )}
      <Paper withBorder p="md" data-testid="install-revocation">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('revocation.title')}
          </Title>
          {writable && (
            <FileButton onChange={(file) => file && upload.mutate(file)} accept="application/json,.json">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  loading={upload.isPending}
                  data-testid="install-revocation-import"
                >
                  {t('revocation.import')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {revocation.source_url
            ? t('revocation.fetchedFrom', { url: revocation.source_url, hours: revocation.check_hours })
            : t('revocation.importOnly')}{' '}
          {t('revocation.graceNote', { hours: revocation.grace_hours })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field
            label={t('revocation.listIssued')}
            value={when(revocation.list_issued_at)}
            testId="install-revocation-issued"
          />
          <Field
            label={t('revocation.listSource')}
            value={
              revocation.list_source ? t(`revocation.source.${revocation.list_source}`) : t('revocation.none')
            }
          />
          <Field label={t('revocation.revokedCount')} value={String(revocation.revoked_count)} />
          {revocation.source_url && (
            <Field label={t('revocation.lastFetch')} value={when(revocation.last_fetch_at)} />
          )}
        </SimpleGrid>
        {revocation.last_error && (
          <Alert variant="light" color="yellow" mt="sm" data-testid="install-revocation-error">
            {t('revocation.fetchFailed', { error: revocation.last_error })}
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
