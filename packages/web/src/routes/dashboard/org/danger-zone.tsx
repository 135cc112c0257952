import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Organisation } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TypedConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { consoleKeys, deleteOrg, hasRole } from '../../../lib/console-api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { usePaidSubscriptions } from './paid-subscriptions.js';

/** Deleting the organisation: owners only, never the personal one, after typing its slug. */
export function DangerZone({ org }: { org: Organisation }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const isOwner = hasRole(org.role, 'owner');
  // Deleting cancels what the organisation pays for at the provider: the dialog says so.
  const paid = usePaidSubscriptions(org.slug, confirming);
  const remove = useMutation({
    mutationFn: () => deleteOrg(org.slug),
    onSuccess: async () => {
      setConfirming(false);
      notifySuccess(t('danger.deleted', { name: org.name }));
      queryClient.removeQueries({ queryKey: consoleKeys.org(org.slug) });
      await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
      navigate('/dashboard');
    },
    onError: (error) => notifyFailure(t('danger.deleteFailed'), error),
  });

  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-9)' }}>
      <Stack>
        <Title order={2} size="h3">
          {t('danger.title')}
        </Title>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={560}>
            <Text fw={600}>{t('danger.deleteOrg')}</Text>
            <Text size="sm" c="dimmed">
              {t('danger.deleteOrgText')}
            </Text>
          </Stack>
          <Button
            color="red.9"
            disabled={!isOwner || org.personal}
            onClick={() => setConfirming(true)}
            data-testid="org-delete"
          >
            {t('danger.deleteOrg')}
          </Button>
        </Group>
        {org.personal && (
          <Alert color="gray" variant="light">
            {t('danger.personal')}
          </Alert>
        )}
        {!org.personal && !isOwner && (
          <Alert color="gray" variant="light" data-testid="read-only">
            {t('danger.ownersOnly')}
          </Alert>
        )}
      </Stack>
      <TypedConfirmDialog
        opened={confirming}
        title={t('danger.confirmTitle', { name: org.name })}
        confirmLabel={t('danger.confirmButton')}
        typedValue={org.slug}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      >
        <Text size="sm">{t('danger.confirmText')}</Text>
        {paid.map((s) => (
          <Alert key={s.id} color="yellow" variant="light" mt="sm" data-testid="org-delete-paid">
            {t('danger.paidSubscription', { plan: s.plan.name })}
          </Alert>
        ))}
      </TypedConfirmDialog>
    </Paper>
  );
}
