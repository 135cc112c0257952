import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LegacySdkKey, Organisation, Rotation, Scope, SdkConfig, SdkKey } from '@slugsmith/contract';
import { CreateLegacySdkKey, CreateSdkConfig, originList, RotationPeriodInRange } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { UpgradeLabel } from '../../../components/install-licence.js';
import {
  consoleKeys,
  createLegacySdkKey,
  createSdkConfig,
  deleteLegacySdkKey,
  deleteSdkConfig,
  getLimits,
  getScopes,
  getSdkConfig,
  hasRole,
  listLegacySdkKeys,
  listSdkConfigs,
  listSeries,
  rotateSdkConfig,
  updateSdkConfig,
} from '../../../lib/console-api.js';
import { formatPeriod } from '../../../lib/numbers.js';
import { FormActions, NameField } from '../../../ui/form-parts.js';
import { formatDateTime } from '../../../ui/format.js';
import { contractForm, INVALID_FORMAT } from '../../../ui/forms.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { EmptyState, ErrorState, ListSkeleton, ReadOnlyNotice } from '../../../ui/states.js';
import { ScopeBadges, ScopePicker } from '../scope-picker.js';

/** A key signs requests now: its start has passed and its end, if any, has not (§7.6). */
export function isKeyActive(key: Pick<SdkKey, 'effective_from' | 'effective_to'>, now = Date.now()): boolean {
  return (
    Date.parse(key.effective_from) <= now && (key.effective_to === null || Date.parse(key.effective_to) > now)
  );
}

/** Whether a change replaces the config's keys (new rotation policy or period, §4). */
export function replacesKeys(
  config: Pick<SdkConfig, 'rotation' | 'rotation_period'>,
  values: Pick<ConfigValues, 'rotation' | 'rotation_period'>,
): boolean {
  if (values.rotation !== config.rotation) return true;
  return values.rotation === 'automatic' && values.rotation_period.trim() !== (config.rotation_period ?? '');
}

/**
 * Whether the organisation's plan includes SDK access (SaaS limits first, as the series maximum);
 * null while unknown. Without it the API refuses every request an SDK config signs.
 */
export function planSdkAccess(
  limits: readonly { plan_type: string; plan_name: string; limits: { sdk_access: boolean } }[] | undefined,
): { allowed: boolean; plan: string } | null {
  const saas = limits?.find((l) => l.plan_type === 'saas') ?? limits?.[0];
  return saas ? { allowed: saas.limits.sdk_access, plan: saas.plan_name } : null;
}

/**
 * The legacy SDK keys: the single key of each manual config. The rotating keys of an automatic
 * config are listed with their config instead (their deletion there would only regenerate them).
 */
export function legacyKeysOnly<K extends { config: string }>(
  keys: readonly K[],
  configs: readonly Pick<SdkConfig, 'slug' | 'rotation'>[],
): K[] {
  const rotating = new Set(configs.filter((c) => c.rotation === 'automatic').map((c) => c.slug));
  return keys.filter((k) => !rotating.has(k.config));
}

export interface ConfigValues {
  name: string;
  rotation: Rotation;
  /** Kept while manual rotation is chosen, sent only with automatic rotation. */
  rotation_period: string;
  scopes: Scope[];
  /** One origin per line. */
  allowed_origins: string;
  enabled: boolean;
  /** New org-level configs only: restrict the config to one series. */
  series: string;
}

const blankValues = (): ConfigValues => ({
  name: '',
  rotation: 'manual',
  rotation_period: '30d',
  scopes: ['forge', 'mint', 'slice'],
  allowed_origins: '',
  enabled: true,
  series: '',
});

const valuesOf = (config: SdkConfig): ConfigValues => ({
  name: config.name,
  rotation: config.rotation,
  rotation_period: config.rotation_period ?? '30d',
  scopes: config.scopes,
  allowed_origins: config.allowed_origins.join('\n'),
  enabled: config.enabled,
  series: config.series_slug ?? '',
});

/**
 * The config a form sends, checked against the contract; the console also refuses a period the
 * keys cannot rotate on (the API answers it with its own message), and names the bad origin.
 */
export const sdkConfigForm = contractForm(
  CreateSdkConfig.extend({ rotation_period: RotationPeriodInRange.optional() }),
  (values: ConfigValues) => ({
    name: values.name.trim(),
    rotation: values.rotation,
    ...(values.rotation === 'automatic' ? { rotation_period: values.rotation_period.trim() } : {}),
    scopes: values.scopes,
    allowed_origins: originList(values.allowed_origins),
    enabled: values.enabled,
  }),
  {
    rotation_period: (said) =>
      said.key === INVALID_FORMAT.key ? { key: 'dashboard:sdk.periodFormat' } : said,
    allowed_origins: (said, line, body) =>
      line === undefined
        ? said
        : { key: 'dashboard:sdk.badOrigin', values: { origin: body.allowed_origins[line] ?? '' } },
  },
);

/** The legacy key a create form sends, checked against the contract. */
export const legacyKeyForm = contractForm(CreateLegacySdkKey, (values: { name: string }) => ({
  name: values.name.trim(),
}));

/**
 * SDK configs of an organisation, or of one series: rotation policy and period, scopes (no reset
 * scopes, §6), allowed origins one per line, enable, keys with their dates, rotate with
 * confirmation; then legacy SDK keys. Members see everything read-only.
 */
export function SdkConfigsPanel({ org, series }: { org: Organisation; series?: string }) {
  const { t } = useTranslation('dashboard');
  const isAdmin = hasRole(org.role, 'admin');
  const configs = useQuery({
    queryKey: consoleKeys.sdkConfigs(org.slug, series),
    queryFn: ({ signal }) => listSdkConfigs(org.slug, series, signal),
  });
  const limits = useQuery({
    queryKey: consoleKeys.limits(org.slug),
    queryFn: ({ signal }) => getLimits(org.slug, signal),
  });
  const access = planSdkAccess(limits.data);
  // Said before creating: a config the plan does not cover would only be refused when used.
  const notInPlan = access !== null && !access.allowed;
  const [editing, setEditing] = useState<SdkConfig | 'new' | null>(null);

  return (
    <Stack gap="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('sdk.title')}
          </Title>
          {isAdmin && (
            <Button onClick={() => setEditing('new')} disabled={notInPlan} data-testid="sdk-create">
              {t('sdk.create')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('sdk.intro')}
        </Text>
        {!isAdmin && <ReadOnlyNotice />}
        {notInPlan && (
          <Alert color="yellow" variant="light" data-testid="sdk-not-in-plan">
            {t('sdk.notInPlan', { plan: access.plan })}{' '}
            {/* The alert's own text colour: a link colour on the yellow tint fails contrast. */}
            <Anchor component={Link} to="/products" c="inherit" fw={600} underline="always">
              <UpgradeLabel />
            </Anchor>
          </Alert>
        )}
        {configs.isPending && <ListSkeleton rows={2} height={120} />}
        {configs.isError && (
          <ErrorState title={t('sdk.loadFailed')} error={configs.error} onRetry={() => configs.refetch()} />
        )}
        {configs.data && configs.data.length === 0 && (
          <EmptyState title={t('sdk.empty')}>{t('sdk.emptyHint')}</EmptyState>
        )}
        {configs.data?.map((c) => (
          <ConfigCard key={c.id} org={org} config={c} onEdit={() => setEditing(c)} />
        ))}
      </Stack>
      <LegacyKeys
        org={org}
        series={series}
        // Without the list of configs (it failed above) every key is shown, as the API lists them.
        configs={configs.data ?? (configs.isError ? [] : undefined)}
        notInPlan={notInPlan}
      />
      <ConfigDialog org={org} series={series} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function ConfigCard({ org, config, onEdit }: { org: Organisation; config: SdkConfig; onEdit: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  // A rotating config's keys change on their own: they are listed from the start, with expiry.
  const [showKeys, setShowKeys] = useState(config.rotation === 'automatic');
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'org', org.slug] });

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

function ConfigKeys({ org, config }: { org: string; config: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const detail = useQuery({
    queryKey: consoleKeys.sdkConfig(org, config),
    queryFn: ({ signal }) => getSdkConfig(org, config, signal),
  });
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

/** Create a config, or change one; a new rotation policy or period asks for confirmation first. */
function ConfigDialog({
  org,
  series,
  editing,
  onClose,
}: {
  org: Organisation;
  series?: string;
  editing: SdkConfig | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const queryClient = useQueryClient();
  const isNew = editing === 'new';
  const existing = editing !== null && editing !== 'new' ? editing : null;
  const form = useForm<ConfigValues>({ initialValues: blankValues(), validate: sdkConfigForm.validate });
  const [confirmingReplace, setConfirmingReplace] = useState(false);
  const scopes = useQuery({
    queryKey: consoleKeys.scopes(org.slug),
    queryFn: ({ signal }) => getScopes(org.slug, signal),
    enabled: editing !== null,
  });
  const seriesList = useQuery({
    queryKey: consoleKeys.seriesList(org.slug),
    queryFn: ({ signal }) => listSeries(org.slug, signal),
    enabled: isNew && !series,
  });

  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (editing === null) return;
    setConfirmingReplace(false);
    setValues(editing === 'new' ? blankValues() : valuesOf(editing));
    clearErrors();
  }, [editing, setValues, clearErrors]);

  const save = useMutation({
    mutationFn: (values: ConfigValues) => {
      const body = sdkConfigForm.body(values);
      if (existing) return updateSdkConfig(org.slug, existing.slug, body);
      return createSdkConfig(
        org.slug,
        { ...body, ...(!series && values.series ? { series: values.series } : {}) },
        series,
      );
    },
    onSuccess: async (c) => {
      notifySuccess(existing ? t('sdk.saved', { name: c.name }) : t('sdk.created', { name: c.name }));
      queryClient.setQueryData(consoleKeys.sdkConfig(org.slug, c.slug), c);
      setConfirmingReplace(false);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['console', 'org', org.slug] });
    },
    onError: (error) => notifyFailure(existing ? t('sdk.updateFailed') : t('sdk.createFailed'), error),
  });

  const submit = form.onSubmit((values) => {
    if (existing && replacesKeys(existing, values)) setConfirmingReplace(true);
    else save.mutate(values);
  });

  return (
    <>
      <Modal
        opened={editing !== null && !confirmingReplace}
        onClose={onClose}
        title={isNew ? t('sdk.createTitle') : t('sdk.editTitle')}
        centered
        size="lg"
      >
        <form onSubmit={submit}>
          <Stack>
            <NameField label={t('sdk.name')} {...form.getInputProps('name')} data-testid="sdk-name" />
            <div>
              <Text size="sm" fw={500} mb={4} id="rotation-label">
                {t('sdk.rotation')}
              </Text>
              <SegmentedControl
                aria-labelledby="rotation-label"
                value={form.values.rotation}
                onChange={(v) => form.setFieldValue('rotation', v as Rotation)}
                data={[
                  { value: 'manual', label: t('sdk.manual') },
                  { value: 'automatic', label: t('sdk.automatic') },
                ]}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {form.values.rotation === 'manual' ? t('sdk.manualHint') : t('sdk.automaticHint')}
              </Text>
            </div>
            {form.values.rotation === 'automatic' && (
              <TextInput
                label={t('sdk.period')}
                description={t('sdk.periodHint')}
                {...form.getInputProps('rotation_period')}
                classNames={{ input: 'mono-input' }}
                w={200}
                data-testid="sdk-period"
              />
            )}
            {scopes.data && (
              <ScopePicker available={scopes.data.sdk_configs} {...form.getInputProps('scopes')} />
            )}
            <Text size="xs" c="dimmed">
              {t('sdk.noResetScopes')}
            </Text>
            {isNew && !series && (
              <Select
                label={t('keys.series')}
                data={[
                  { value: '', label: t('keys.allSeries') },
                  ...(seriesList.data ?? []).map((s) => ({ value: s.slug, label: `${s.name} (${s.slug})` })),
                ]}
                allowDeselect={false}
                {...form.getInputProps('series')}
              />
            )}
            <Textarea
              label={t('sdk.origins')}
              description={t('sdk.originsHint')}
              placeholder={'https://app.example.com\nhttp://localhost:3000'}
              autosize
              minRows={3}
              {...form.getInputProps('allowed_origins')}
              classNames={{ input: 'mono-input' }}
              data-testid="sdk-origins"
            />
            <Switch label={t('sdk.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <FormActions busy={save.isPending} onCancel={onClose} testId="sdk-save">
              {isNew ? t('sdk.create') : t('actions.save')}
            </FormActions>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirmingReplace}
        title={t('sdk.replaceTitle')}
        confirmLabel={t('sdk.replaceConfirm')}
        loading={save.isPending}
        onCancel={() => setConfirmingReplace(false)}
        onConfirm={() => save.mutate(form.getValues())}
      >
        <Text size="sm">{t('sdk.replaceText')}</Text>
      </ConfirmDialog>
    </>
  );
}

/** Legacy SDK keys: each the single key of a manual config (list, create, delete). */
function LegacyKeys({
  org,
  series,
  configs,
  notInPlan,
}: {
  org: Organisation;
  series?: string;
  /** The configs listed above: the keys of their automatic ones are theirs, not legacy keys. */
  configs: SdkConfig[] | undefined;
  notInPlan: boolean;
}) {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const lng = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const isAdmin = hasRole(org.role, 'admin');
  const keys = useQuery({
    queryKey: consoleKeys.legacySdkKeys(org.slug, series),
    queryFn: ({ signal }) => listLegacySdkKeys(org.slug, series, signal),
  });
  const shown = keys.data && configs ? legacyKeysOnly(keys.data, configs) : undefined;
  const form = useForm({ initialValues: { name: '' }, validate: legacyKeyForm.validate });
  const [deleting, setDeleting] = useState<LegacySdkKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'org', org.slug] });
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
      {(keys.isPending || (keys.data && !configs)) && <ListSkeleton rows={1} />}
      {keys.isError && (
        <ErrorState title={t('legacy.loadFailed')} error={keys.error} onRetry={() => keys.refetch()} />
      )}
      {shown && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('legacy.empty')}
        </Text>
      )}
      {shown && shown.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" data-testid="legacy-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('legacy.name')}</Table.Th>
                <Table.Th>{t('sdk.key')}</Table.Th>
                <Table.Th>{t('sdk.effective')}</Table.Th>
                <Table.Th>{t('members.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((k) => (
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
