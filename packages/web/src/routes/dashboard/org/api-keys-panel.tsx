import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ApiKey, Organisation, Scope } from '@slugsmith/contract';
import { CreateApiKey } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { ApiError } from '../../../lib/api.js';
import {
  consoleQueries,
  createApiKey,
  deleteApiKey,
  hasRole,
  updateApiKey,
} from '../../../lib/console-api.js';
import { formatCount, formatDurationUs } from '../../../lib/numbers.js';
import { EXPIRY_IN_PAST } from '../../../lib/validation-messages.js';
import { FormActions, NameField } from '../../../ui/form-parts.js';
import { formatDate, formatDateTime } from '../../../ui/format.js';
import { contractForm, expiryFromDate } from '../../../ui/forms.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { EmptyState, ErrorState, ListSkeleton, PermissionDenied } from '../../../ui/states.js';
import { ScopeBadges, ScopePicker } from '../scope-picker.js';
import { SecretOnceDialog } from '../secret-once.js';

/** Whether a key is past its expiry. */
export function isExpired(key: Pick<ApiKey, 'expires_at'>, now = Date.now()): boolean {
  return key.expires_at !== null && Date.parse(key.expires_at) <= now;
}

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
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  const keys = useQuery({
    ...consoleQueries.apiKeys(org.slug, series),
    enabled: isAdmin,
  });
  const [creating, setCreating] = useState(startCreating && isAdmin);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [statsOf, setStatsOf] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'org', org.slug] });
  const toggle = useMutation({
    mutationFn: (key: ApiKey) => updateApiKey(org.slug, key.id, { enabled: !key.enabled }),
    onSuccess: (key) => {
      notifySuccess(
        key.enabled ? t('keys.enabled', { name: key.name }) : t('keys.disabled', { name: key.name }),
      );
      return refresh();
    },
    onError: (error) => notifyFailure(t('keys.updateFailed'), error),
  });
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
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" className="table-sticky-actions" data-testid="keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('keys.name')}</Table.Th>
                <Table.Th>{t('keys.scopes')}</Table.Th>
                <Table.Th>{t('keys.series')}</Table.Th>
                <Table.Th>{t('keys.dates')}</Table.Th>
                <Table.Th>{t('keys.enabledColumn')}</Table.Th>
                <Table.Th>{t('members.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
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
                      <Switch
                        checked={key.enabled}
                        onChange={() => toggle.mutate(key)}
                        disabled={toggle.isPending}
                        aria-label={t('keys.toggle', { name: key.name })}
                        data-testid="key-enabled"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
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
                          onClick={() => setDeleting(key)}
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
                      <Table.Td colSpan={6}>
                        <KeyUsage org={org.slug} keyId={key.id} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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

function KeyUsage({ org, keyId }: { org: string; keyId: string }) {
  const { t, i18n } = useTranslation(['dashboard', 'stats']);
  const stats = useQuery(consoleQueries.apiKeyStats(org, keyId));
  if (stats.isPending) return <ListSkeleton rows={1} height={32} />;
  if (stats.isError) return <ErrorState title={t('keys.usageFailed')} error={stats.error} />;
  const rows = stats.data.filter((r) => r.event_type !== 'reset');
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="key-usage-empty">
        {t('keys.noUsage')}
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="key-usage">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('keys.usageOperation')}</Table.Th>
          <Table.Th>{t('keys.usagePeriod')}</Table.Th>
          <Table.Th>{t('keys.usageSlugs')}</Table.Th>
          <Table.Th>{t('keys.usageRequests')}</Table.Th>
          <Table.Th>{t('keys.usageAverage')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.event_type}-${r.date_part}`}>
            <Table.Td>{t(`stats:operations.${r.event_type}`, { defaultValue: r.event_type })}</Table.Td>
            <Table.Td>{t(`periods.${r.date_part}`)}</Table.Td>
            <Table.Td>{formatCount(r.total_count, i18n.resolvedLanguage)}</Table.Td>
            <Table.Td>{formatCount(r.request_count, i18n.resolvedLanguage)}</Table.Td>
            <Table.Td>{formatDurationUs(r.avg_duration_us, i18n.resolvedLanguage)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const ALL_SERIES = '';

interface ApiKeyValues {
  name: string;
  scopes: Scope[];
  series: string;
  /** The day picked, YYYY-MM-DD; empty: never expires. */
  expires_at: string;
}

/** Ends on a day still to come; a day not parsed is left to the timestamp rule. */
const notPast = (expiresAt: string | null | undefined) =>
  !expiresAt || !(Date.parse(expiresAt) <= Date.now());

/**
 * The key a create form sends, checked against the contract; the console also refuses an expiry
 * in the past (the API would take it, for a key that never works).
 */
export const apiKeyForm = contractForm(
  CreateApiKey.extend({ expires_at: CreateApiKey.shape.expires_at.refine(notPast, EXPIRY_IN_PAST) }),
  (values: ApiKeyValues) => ({
    name: values.name.trim(),
    scopes: values.scopes,
    expires_at: expiryFromDate(values.expires_at),
    ...(values.series ? { series: values.series } : {}),
  }),
);

function CreateApiKeyDialog({
  org,
  series,
  opened,
  onClose,
  onCreated,
}: {
  org: Organisation;
  series?: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('keys.createTitle')} centered size="lg">
      <CreateApiKeyForm org={org} series={series} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

/** Mounted each time the dialog opens, so every opening starts from the default scopes. */
function CreateApiKeyForm({
  org,
  series,
  onClose,
  onCreated,
}: {
  org: Organisation;
  series?: string;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const scopes = useQuery(consoleQueries.scopes(org.slug));
  const seriesList = useQuery({
    ...consoleQueries.seriesList(org.slug),
    enabled: !series,
  });
  const form = useForm<ApiKeyValues>({
    initialValues: { name: '', scopes: ['forge', 'mint', 'slice'], series: ALL_SERIES, expires_at: '' },
    validate: apiKeyForm.validate,
  });

  const create = useMutation({
    mutationFn: (values: ApiKeyValues) => createApiKey(org.slug, apiKeyForm.body(values), series),
    onSuccess: (key) => {
      notifySuccess(t('keys.created', { name: key.name }));
      onCreated(key.key);
    },
    onError: (error) => notifyFailure(t('keys.createFailed'), error),
  });

  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
      <Stack>
        <NameField label={t('keys.name')} {...form.getInputProps('name')} data-testid="key-name" />
        {scopes.isPending && <ListSkeleton rows={1} height={60} />}
        {scopes.isError && <ErrorState title={t('keys.scopesFailed')} error={scopes.error} />}
        {scopes.data && <ScopePicker available={scopes.data.api_keys} {...form.getInputProps('scopes')} />}
        {!series && (
          <Select
            label={t('keys.series')}
            data={[
              { value: ALL_SERIES, label: t('keys.allSeries') },
              ...(seriesList.data ?? []).map((s) => ({ value: s.slug, label: `${s.name} (${s.slug})` })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('series')}
          />
        )}
        <TextInput
          type="date"
          label={t('keys.expiry')}
          description={t('keys.expiryHint')}
          {...form.getInputProps('expires_at')}
          data-testid="key-expiry"
        />
        <FormActions busy={create.isPending} onCancel={onClose} testId="key-create-submit">
          {t('keys.create')}
        </FormActions>
      </Stack>
    </form>
  );
}
