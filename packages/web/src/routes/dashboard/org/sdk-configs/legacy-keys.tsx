import { Button, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LegacySdkKey, Organisation } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm/confirm-dialog.js';
import {
  consoleKeys,
  consoleQueries,
  createLegacySdkKey,
  deleteLegacySdkKey,
  hasRole,
} from '../../../../lib/console-api.js';
import { formatDateTime } from '../../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../../ui/states.js';
import { legacyKeyForm } from './config-form.js';

/**
 * Legacy SDK keys (list, create, delete): each the single key of a manual config made here. The
 * API lists only these; a config made as a config is a card above, never also a legacy key.
 */
export function LegacyKeys({
  org,
  series,
  notInPlan,
}: {
  org: Organisation;
  series?: string;
  notInPlan: boolean;
}) {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const lng = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  const keys = useQuery(consoleQueries.legacySdkKeys(org.slug, series));
  const form = useForm({ initialValues: { name: '' }, validate: legacyKeyForm.validate });
  const [deleting, setDeleting] = useState<LegacySdkKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.org(org.slug) });
  const create = useMutation({
    mutationFn: (values: { name: string }) =>
      createLegacySdkKey(org.slug, legacyKeyForm.body(values), series),
    onSuccess: (k) => {
      notifySuccess(t('legacy.created', { name: k.name }));
      form.reset();
      return refresh();
    },
    onError: (error) => notifyFailure(t('legacy.createFailed'), error),
  });
  const remove = useMutation({
    mutationFn: (k: LegacySdkKey) => deleteLegacySdkKey(org.slug, k.slug),
    onSuccess: (_d, k) => {
      setDeleting(null);
      notifySuccess(t('legacy.deleted', { name: k.name }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('legacy.deleteFailed'), error),
  });

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('legacy.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('legacy.intro')}
      </Text>
      {isAdmin && (
        <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
          <Group align="flex-start">
            <TextInput
              aria-label={t('legacy.name')}
              placeholder={t('legacy.name')}
              maxLength={100}
              {...form.getInputProps('name')}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" variant="default" loading={create.isPending} disabled={notInPlan}>
              {t('legacy.create')}
            </Button>
          </Group>
        </form>
      )}
      {keys.isPending && <ListSkeleton rows={1} />}
      {keys.isError && (
        <ErrorState title={t('legacy.loadFailed')} error={keys.error} onRetry={() => keys.refetch()} />
      )}
      {keys.data && keys.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('legacy.empty')}
        </Text>
      )}
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" className="table-sticky-actions" data-testid="legacy-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('legacy.name')}</Table.Th>
                <Table.Th>{t('sdk.key')}</Table.Th>
                <Table.Th>{t('sdk.effective')}</Table.Th>
                <Table.Th>{t('members.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((k) => (
                <Table.Tr key={k.slug}>
                  <Table.Td>
                    <Text size="sm">{k.name}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {k.config}
                    </Text>
                  </Table.Td>
                  <Table.Td ff="monospace">{k.slug}</Table.Td>
                  <Table.Td>{formatDateTime(k.effective_from, lng)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {/* Members get the public parts only: nothing worth copying as a signing key. */}
                      {k.jwk.d !== undefined && (
                        <CopyButton value={JSON.stringify(k.jwk)} timeout={2000}>
                          {({ copied, copy }) => (
                            <Button size="xs" variant="subtle" onClick={copy}>
                              {copied ? t('keys.copied') : t('legacy.copyJwk')}
                            </Button>
                          )}
                        </CopyButton>
                      )}
                      {isAdmin && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(k)}>
                          {t('actions.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('legacy.deleteTitle')}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <Text size="sm">{t('legacy.deleteText', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
