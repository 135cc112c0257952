import { Badge, Button, Card, Code, Group, Stack, Switch, Table, Text } from '@mantine/core';
import type { Organisation, SdkConfig } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm/confirm-dialog.js';
import {
  consoleKeys,
  consoleQueries,
  deleteSdkConfig,
  hasRole,
  rotateSdkConfig,
  updateSdkConfig,
} from '../../../../lib/console-api.js';
import { formatPeriod } from '../../../../lib/numbers.js';
import { isKeyActive } from '../../../../model/sdk-keys.js';
import { formatDateTime } from '../../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../../ui/states.js';
import { ScopeBadges } from '../../scope-picker.js';

/** One SDK config: its policy, scopes and origins; enable, edit, rotate and delete (admins). */
export function ConfigCard({
  org,
  config,
  onEdit,
}: {
  org: Organisation;
  config: SdkConfig;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  // A rotating config's keys change on their own: they are listed from the start, with expiry.
  const [showKeys, setShowKeys] = useState(config.rotation === 'automatic');
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.org(org.slug) });

  const toggle = useMutation({
    mutationFn: () => updateSdkConfig(org.slug, config.slug, { enabled: !config.enabled }),
    onSuccess: (c) => {
      notifySuccess(
        c.enabled ? t('sdk.enabledNote', { name: c.name }) : t('sdk.disabledNote', { name: c.name }),
      );
      return refresh();
    },
    onError: (error) => notifyFailure(t('sdk.updateFailed'), error),
  });
  const rotate = useMutation({
    mutationFn: () => rotateSdkConfig(org.slug, config.slug),
    onSuccess: (c) => {
      setConfirming(null);
      setShowKeys(true);
      queryClient.setQueryData(consoleKeys.sdkConfig(org.slug, c.slug), c);
      notifySuccess(t('sdk.rotated', { name: c.name }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('sdk.rotateFailed'), error),
  });
  const remove = useMutation({
    mutationFn: () => deleteSdkConfig(org.slug, config.slug),
    onSuccess: () => {
      setConfirming(null);
      notifySuccess(t('sdk.deleted', { name: config.name }));
      return refresh();
    },
    onError: (error) => notifyFailure(t('sdk.deleteFailed'), error),
  });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="sdk-config">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700}>{config.name}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {config.slug}
            </Text>
          </div>
          <Switch
            label={t('sdk.enabled')}
            checked={config.enabled}
            disabled={!isAdmin || toggle.isPending}
            onChange={() => toggle.mutate()}
            data-testid="sdk-enabled"
          />
        </Group>
        <Group gap="lg">
          <Text size="sm">
            {t('sdk.rotation')}:{' '}
            <strong>
              {config.rotation === 'automatic'
                ? t('sdk.automaticEvery', {
                    period: formatPeriod(config.rotation_period ?? '', i18n.resolvedLanguage),
                  })
                : t('sdk.manual')}
            </strong>
          </Text>
          <Text size="sm">
            {t('keys.series')}: <strong>{config.series_slug ?? t('keys.allSeries')}</strong>
          </Text>
        </Group>
        <ScopeBadges scopes={config.scopes} />
        <Group gap={6} align="center">
          <Text size="sm">{t('sdk.origins')}:</Text>
          {config.allowed_origins.length === 0 ? (
            <Text span c="dimmed" size="sm">
              {t('sdk.anyOrigin')}
            </Text>
          ) : (
            config.allowed_origins.map((o) => (
              <Code key={o} style={{ wordBreak: 'break-all' }}>
                {o}
              </Code>
            ))
          )}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setShowKeys((s) => !s)} aria-expanded={showKeys}>
            {showKeys ? t('sdk.hideKeys') : t('sdk.showKeys')}
          </Button>
          {isAdmin && (
            <>
              <Button size="xs" variant="default" onClick={onEdit} data-testid="sdk-edit">
                {t('actions.edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => setConfirming('rotate')}
                data-testid="sdk-rotate"
              >
                {t('sdk.rotate')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming('delete')}>
                {t('actions.delete')}
              </Button>
            </>
          )}
        </Group>
        {showKeys && <ConfigKeys org={org.slug} config={config.slug} />}
      </Stack>
      <ConfirmDialog
        opened={confirming === 'rotate'}
        title={t('sdk.rotateTitle')}
        confirmLabel={t('sdk.rotate')}
        loading={rotate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => rotate.mutate()}
      >
        <Text size="sm">{t('sdk.rotateText', { name: config.name })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'delete'}
        title={t('sdk.deleteTitle')}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove.mutate()}
      >
        <Text size="sm">{t('sdk.deleteText', { name: config.name })}</Text>
      </ConfirmDialog>
    </Card>
  );
}

/** A config's keys with their dates, active or not. */
function ConfigKeys({ org, config }: { org: string; config: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const detail = useQuery(consoleQueries.sdkConfig(org, config));
  if (detail.isPending) return <ListSkeleton rows={2} height={28} />;
  if (detail.isError) return <ErrorState title={t('sdk.keysFailed')} error={detail.error} />;
  if (detail.data.keys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('sdk.noKeys')}
      </Text>
    );
  const lng = i18n.resolvedLanguage;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={4} data-testid="sdk-keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sdk.key')}</Table.Th>
            <Table.Th>{t('sdk.status')}</Table.Th>
            <Table.Th>{t('sdk.effective')}</Table.Th>
            <Table.Th>{t('sdk.expires')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.data.keys.map((k) => (
            <Table.Tr key={k.slug}>
              <Table.Td ff="monospace">{k.slug}</Table.Td>
              <Table.Td>
                {isKeyActive(k) ? (
                  <Badge color="green" variant="dot">
                    {t('sdk.active')}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="dot">
                    {t('sdk.inactive')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(k.effective_from, lng)}</Table.Td>
              <Table.Td>{k.effective_to ? formatDateTime(k.effective_to, lng) : t('sdk.never')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
