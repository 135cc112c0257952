import { ActionIcon, Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import type { ApiKey } from '@slugsmith/contract';
import { useMutation } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateApiKey } from '../../../../lib/console-api.js';
import { isExpired } from '../../../../model/api-keys.js';
import { formatDate, formatDateTime } from '../../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../../ui/notify.js';
import { ScopeBadges } from '../../scope-picker.js';
import { KeyUsage } from './key-usage.js';

/** The keys with their scopes, series and dates: enable or disable, usage, delete. */
export function KeysTable({
  org,
  keys,
  onDelete,
  onChanged,
}: {
  org: string;
  keys: ApiKey[];
  onDelete: (key: ApiKey) => void;
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage;
  const [statsOf, setStatsOf] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: (key: ApiKey) => updateApiKey(org, key.id, { enabled: !key.enabled }),
    onSuccess: (key) => {
      notifySuccess(
        key.enabled ? t('keys.enabled', { name: key.name }) : t('keys.disabled', { name: key.name }),
      );
      return onChanged();
    },
    onError: (error) => notifyFailure(t('keys.updateFailed'), error),
  });

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" className="table-sticky-actions" data-testid="keys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keys.name')}</Table.Th>
            <Table.Th>{t('keys.scopes')}</Table.Th>
            <Table.Th>{t('keys.series')}</Table.Th>
            <Table.Th>{t('keys.dates')}</Table.Th>
            <Table.Th>{t('members.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Fragment key={key.id}>
              <Table.Tr data-testid="key-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {key.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {key.prefix}…
                  </Text>
                  {isExpired(key) && (
                    <Badge color="red" variant="dot" size="sm">
                      {t('keys.expired')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td maw={260}>
                  <ScopeBadges scopes={key.scopes} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff={key.series_slug ? 'monospace' : undefined}>
                    {key.series_slug ?? t('keys.allSeries')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{t('keys.createdOn', { date: formatDate(key.created_at, lng) })}</Text>
                  <Text size="xs">
                    {key.expires_at
                      ? t('keys.expiresOn', { date: formatDate(key.expires_at, lng) })
                      : t('keys.neverExpires')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {key.last_used_at
                      ? t('keys.lastUsed', { date: formatDateTime(key.last_used_at, lng) })
                      : t('keys.neverUsed')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Every action in the last column, which stays on screen on a phone (pinned). */}
                  <Group gap={4} wrap="nowrap">
                    <Switch
                      checked={key.enabled}
                      onChange={() => toggle.mutate(key)}
                      disabled={toggle.isPending}
                      aria-label={t('keys.toggle', { name: key.name })}
                      data-testid="key-enabled"
                      mr="xs"
                    />
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setStatsOf(statsOf === key.id ? null : key.id)}
                      aria-expanded={statsOf === key.id}
                    >
                      {t('keys.usage')}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(key)}
                      aria-label={t('keys.deleteLabel', { name: key.name })}
                      data-testid="key-delete"
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
              {statsOf === key.id && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <KeyUsage org={org} keyId={key.id} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
