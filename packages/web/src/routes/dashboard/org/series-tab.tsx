import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Organisation, SeriesInfo } from '@slugsmith/contract';
import { OrgSeriesCreate } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UpgradeLabel } from '../../../components/install-licence.js';
import { ApiError, refusalReason } from '../../../lib/api.js';
import {
  consoleKeys,
  consoleQueries,
  createSeries,
  hasRole,
  setDefaultSeries,
} from '../../../lib/console-api.js';
import { formatCount, formatUsedPercent } from '../../../lib/numbers.js';
import { limitsInForce, seriesMaximum } from '../../../model/plan-limits.js';
import { FormActions } from '../../../ui/form-parts.js';
import { formatDate, usedPercent } from '../../../ui/format.js';
import { contractForm } from '../../../ui/forms.js';
import {
  type NameAndSlug,
  NameAndSlugFields,
  nameAndSlugBody,
  useSlugFollowingName,
} from '../../../ui/name-and-slug.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { serverMessage } from '../../../ui/server-messages.js';
import { EmptyState, ErrorState, ListSkeleton, PermissionDenied } from '../../../ui/states.js';
import { usePatternCheck } from '../../playground/pattern-check.js';
import { SeriesPatternField } from '../../series/series-pattern-field.js';

export const DEFAULT_SERIES_PATTERN = '{adjective}-{noun}-{number:4d}';

export const seriesHref = (org: string, series: string) =>
  `/dashboard/org/${encodeURIComponent(org)}/series/${encodeURIComponent(series)}`;

export function SeriesTab({ org, startCreating = false }: { org: Organisation; startCreating?: boolean }) {
  const { t, i18n } = useTranslation(['dashboard', 'series']);
  const lng = i18n.resolvedLanguage;
  const isAdmin = hasRole(org.role, 'admin');
  const series = useQuery(consoleQueries.seriesList(org.slug));
  const limits = useQuery(consoleQueries.limits(org.slug));
  const [creating, setCreating] = useState(startCreating && isAdmin);
  const max = seriesMaximum(limits.data);
  const count = series.data?.length ?? 0;
  const atMax = max !== null && max >= 0 && count >= max;
  const planName = limitsInForce(limits.data)?.plan_name ?? '';

  if (series.isError && series.error instanceof ApiError && series.error.code === 403)
    return <PermissionDenied message={t('series.denied')} />;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            {t('series.title')}
          </Title>
          {max !== null && series.data && (
            <Text size="sm" c="dimmed" data-testid="series-usage">
              {max < 0 ? t('series.countUnlimited', { count }) : t('series.countOfMax', { count, max })}
            </Text>
          )}
        </div>
        {isAdmin && (
          <Button onClick={() => setCreating(true)} disabled={atMax} data-testid="series-create">
            {t('series.create')}
          </Button>
        )}
      </Group>
      {/* A member reads the list; only a 403 (above) says they may not view series. */}
      {!isAdmin && (
        <Alert color="gray" variant="light" data-testid="read-only">
          {t('states.readOnly')}
        </Alert>
      )}
      {isAdmin && atMax && (
        <Alert color="yellow" variant="light" data-testid="series-at-max">
          {t('series.atMax', { plan: planName, max })}{' '}
          <Anchor component={Link} to="/products">
            <UpgradeLabel />
          </Anchor>
        </Alert>
      )}
      {series.isPending && <ListSkeleton />}
      {series.isError && (
        <ErrorState title={t('series.loadFailed')} error={series.error} onRetry={() => series.refetch()} />
      )}
      {series.data && series.data.length === 0 && (
        <EmptyState
          title={t('series.empty')}
          action={
            isAdmin && !atMax ? (
              <Button onClick={() => setCreating(true)}>{t('series.create')}</Button>
            ) : undefined
          }
        >
          {t('series.emptyHint')}
        </EmptyState>
      )}
      {series.data && series.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" data-testid="series-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('series.name')}</Table.Th>
                <Table.Th>{t('series.pattern')}</Table.Th>
                <Table.Th>{t('series.generated')}</Table.Th>
                <Table.Th>{t('series.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.data.map((s) => (
                <SeriesRow key={s.slug} org={org} series={s} locale={lng} isAdmin={isAdmin} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {series.data && series.data.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="default-series-hint">
          {t('series:default.hint')}
        </Text>
      )}
      {isAdmin && <CreateSeriesDialog org={org} opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function SeriesRow({
  org,
  series,
  locale,
  isAdmin,
}: {
  org: Organisation;
  series: SeriesInfo;
  locale?: string;
  isAdmin: boolean;
}) {
  const { t } = useTranslation(['dashboard', 'series']);
  const percent = usedPercent(series.generated_count, series.capacity);
  return (
    <Table.Tr data-testid="series-row">
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={seriesHref(org.slug, series.slug)} fw={600}>
            {series.name}
          </Anchor>
          {series.default && (
            <Badge size="sm" variant="light" data-testid="default-series">
              {t('series:default.badge')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" ff="monospace">
          {series.slug}
        </Text>
        {isAdmin && !series.default && <MakeDefaultButton org={org} series={series} />}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {series.pattern}
        </Text>
      </Table.Td>
      <Table.Td miw={180}>
        <Text size="sm">
          {t('series.generatedOf', {
            generated: formatCount(series.generated_count, locale),
            capacity: formatCount(series.capacity, locale),
          })}
        </Text>
        <Progress
          value={percent}
          size="sm"
          mt={4}
          aria-label={t('series.usedPercent', {
            percent: formatUsedPercent(percent, locale, series.generated_count !== '0'),
          })}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(series.mtime, locale)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Makes the series the organisation's default: what org-wide keys use when a call names no series. */
function MakeDefaultButton({ org, series }: { org: Organisation; series: SeriesInfo }) {
  const { t } = useTranslation('series');
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: () => setDefaultSeries(org.slug, series.slug),
    onSuccess: async () => {
      notifySuccess(t('default.changed', { name: series.name }));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.seriesList(org.slug) });
    },
    onError: (error) => notifyFailure(t('default.failed'), error),
  });
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      mt={4}
      loading={choose.isPending}
      onClick={() => choose.mutate()}
      data-testid="make-default-series"
    >
      {t('default.make')}
    </Button>
  );
}

interface SeriesValues extends NameAndSlug {
  pattern: string;
}

/** The series a create form sends, checked against the contract (the pattern's grammar: the editor). */
export const seriesForm = contractForm(OrgSeriesCreate, (values: SeriesValues) => ({
  ...nameAndSlugBody(values),
  pattern: values.pattern,
}));

function CreateSeriesDialog({
  org,
  opened,
  onClose,
}: {
  org: Organisation;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('series.createTitle')} size="lg" centered>
      <CreateSeriesForm org={org} onClose={onClose} />
    </Modal>
  );
}

/** Mounted each time the dialog opens, so every opening starts from the default pattern. */
function CreateSeriesForm({ org, onClose }: { org: Organisation; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'errors', 'playground']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SeriesValues>({
    initialValues: { name: '', slug: '', pattern: DEFAULT_SERIES_PATTERN },
    validate: seriesForm.validate,
  });
  const fields = useSlugFollowingName(form);
  const pattern = form.values.pattern;
  const [refusal, setRefusal] = useState<string | null>(null);
  const check = usePatternCheck(pattern, 250);
  const { validation, otherError } = check;

  const create = useMutation({
    mutationFn: (values: SeriesValues) => createSeries(org.slug, seriesForm.body(values)),
    onSuccess: async (s) => {
      notifySuccess(t('series.created', { name: s.name }));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.org(org.slug) });
      onClose();
      navigate(seriesHref(org.slug, s.slug));
    },
    onError: (error) => {
      // The plan maximum and pattern refusals are shown in the form, in the reader's language when the catalogues know them.
      if (
        error instanceof ApiError &&
        (refusalReason(error) === 'plan_limit' || error.code === 400 || error.code === 409)
      )
        setRefusal(serverMessage(error));
      else notifyFailure(t('series.createFailed'), error);
    },
  });

  const submit = form.onSubmit((values) => {
    if (validation.error) return;
    create.mutate(values);
  });
  const capacityUnavailable = otherError instanceof ApiError && [401, 403].includes(otherError.code);

  return (
    <form
      onSubmit={(e) => {
        setRefusal(null);
        submit(e);
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NameAndSlugFields
            fields={fields}
            labels={{ name: t('series.name'), slug: t('series.slug'), slugHint: t('series.slugHint') }}
            prefix="series"
          />
        </SimpleGrid>
        <SeriesPatternField
          pattern={pattern}
          onChange={(value) => form.setFieldValue('pattern', value)}
          onSubmit={() => {
            setRefusal(null);
            submit();
          }}
          check={check}
          error={form.errors.pattern}
          unavailable={capacityUnavailable ? t('series.capacityAfterCreate') : undefined}
          capacityTestId="series-capacity"
        />
        <Text size="xs" c="dimmed">
          {t('series.lockHint')}
        </Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="series-refusal">
            {refusal}
          </Alert>
        )}
        <FormActions busy={create.isPending} onCancel={onClose} testId="series-create-submit">
          {t('series.create')}
        </FormActions>
      </Stack>
    </form>
  );
}
