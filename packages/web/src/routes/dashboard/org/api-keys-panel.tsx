import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ApiKey, Organisation } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { ApiError } from '../../../lib/api.js';
import { consoleKeys, consoleQueries, deleteApiKey, hasRole } from '../../../lib/console-api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { EmptyState, ErrorState, ListSkeleton, PermissionDenied } from '../../../ui/states.js';
import { SecretOnceDialog } from '../secret-once.js';
import { CreateApiKeyDialog } from './api-keys/create-api-key-dialog.js';
import { KeysTable } from './api-keys/keys-table.js';

/**
 * API keys of an organisation, or of one series when `series` is given: create (secret shown
 * once), enable or disable, usage, delete with confirmation. Admins only (§6).
 */
export function ApiKeysPanel({
  org,
  series,
  startCreating = false,
}: {
  org: Organisation;
  series?: string;
  startCreating?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  const keys = useQuery({
    ...consoleQueries.apiKeys(org.slug, series),
    enabled: isAdmin,
  });
  const [creating, setCreating] = useState(startCreating && isAdmin);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.org(org.slug) });
  const remove = useMutation({
    mutationFn: (key: ApiKey) => deleteApiKey(org.slug, key.id),
    onSuccess: (_done, key) => {
      setDeleting(null);
      notifySuccess(t('keys.deleted', { name: key.name }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('keys.deleteFailed'), error),
  });

  if (!isAdmin || (keys.error instanceof ApiError && keys.error.code === 403))
    return <PermissionDenied message={t('keys.denied')} />;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('keys.title')}
        </Title>
        <Button onClick={() => setCreating(true)} data-testid="key-create">
          {t('keys.create')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('keys.intro')}
      </Text>
      {keys.isPending && <ListSkeleton />}
      {keys.isError && (
        <ErrorState title={t('keys.loadFailed')} error={keys.error} onRetry={() => keys.refetch()} />
      )}
      {keys.data && keys.data.length === 0 && (
        <EmptyState
          title={t('keys.empty')}
          action={<Button onClick={() => setCreating(true)}>{t('keys.create')}</Button>}
        >
          {t('keys.emptyHint')}
        </EmptyState>
      )}
      {keys.data && keys.data.length > 0 && (
        <KeysTable org={org.slug} keys={keys.data} onDelete={setDeleting} onChanged={refresh} />
      )}
      <CreateApiKeyDialog
        org={org}
        series={series}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setSecret(key);
          refresh();
        }}
      />
      <SecretOnceDialog secret={secret} title={t('keys.createdTitle')} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('keys.deleteTitle')}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <Text size="sm">{t('keys.deleteText', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
