import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SeriesInfo } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.js';
import { consoleKeys, deleteSeries, resetSeries } from '../../lib/console-api.js';
import { formatCount } from '../../lib/numbers.js';
import { notifyFailure, notifySuccess } from '../../ui/notify.js';

/**
 * Reset (the counter back to zero, with the warning of product spec §4) and delete (§5), both with
 * the series slug typed to confirm. Admins and owners only; members see why the buttons are off.
 */
export function DangerPanel({
  org,
  series,
  canManage,
}: {
  org: string;
  series: SeriesInfo;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('series');
  const lng = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<'reset' | 'delete' | null>(null);
  const [wasReset, setWasReset] = useState(false);

  const reset = useMutation({
    mutationFn: () => resetSeries(org, series.slug),
    onSuccess: () => {
      setConfirming(null);
      setWasReset(true);
      notifySuccess(t('danger.resetDone', { name: series.name }));
      return queryClient.invalidateQueries({ queryKey: consoleKeys.series(org, series.slug) });
    },
    onError: (error) => notifyFailure(t('danger.resetFailed'), error),
  });
  const remove = useMutation({
    mutationFn: () => deleteSeries(org, series.slug),
    onSuccess: () => {
      setConfirming(null);
      notifySuccess(t('danger.deleteDone', { name: series.name }));
      queryClient.removeQueries({ queryKey: consoleKeys.series(org, series.slug) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.seriesList(org) });
      navigate(`/dashboard/org/${encodeURIComponent(org)}?tab=series`, { replace: true });
    },
    onError: (error) => notifyFailure(t('danger.deleteFailed'), error),
  });

  return (
    <Stack>
      {!canManage && (
        <Alert color="gray" variant="light" data-testid="read-only">
          {t('danger.readOnly')}
        </Alert>
      )}
      {wasReset && (
        <Alert color="yellow" variant="light" role="status" data-testid="reset-warning">
          {t('danger.resetAnswer')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('reset')}
          </Title>
          <Text size="sm">{t('danger.resetText')}</Text>
          <Text size="sm" c="dimmed">
            {t('danger.resetNow', { count: formatCount(series.generated_count, lng) })}
          </Text>
          <Group>
            <Button
              variant="default"
              disabled={!canManage}
              onClick={() => setConfirming('reset')}
              data-testid="series-reset"
            >
              {t('reset')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('delete')}
          </Title>
          <Text size="sm">{t('danger.deleteText')}</Text>
          <Group>
            <Button
              color="red.9"
              disabled={!canManage}
              onClick={() => setConfirming('delete')}
              data-testid="series-delete"
            >
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirming === 'reset'}
        title={t('danger.resetTitle', { name: series.name })}
        confirmLabel={t('reset')}
        loading={reset.isPending}
        typedValue={series.slug}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(null)}
      >
        <Alert color="orange" variant="light">
          {t('danger.resetWarning')}
        </Alert>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'delete'}
        title={t('danger.deleteTitle', { name: series.name })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        typedValue={series.slug}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(null)}
      >
        <Text size="sm">{t('danger.deleteText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
