import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Organisation, SeriesInfo } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link, useLocation } from 'react-router';
import { SlugBadge } from '../../components/slug-badge.js';
import { consoleKeys, hasRole, listOrgs, listSeries, mintSeries } from '../../lib/console-api.js';
import { countError, formatCount } from '../../lib/numbers.js';
import { ErrorState } from '../dashboard/states.js';
import { SlicePanel } from '../series/slice-panel.js';

/** The organisation and series the Mint and Slice tabs work on (kept while switching tabs). */
export interface SeriesChoice {
  org: string | null;
  series: string | null;
}

/** The most slugs one console mint asks for (the playground's count limit). */
export const MAX_MINT_COUNT = 1000;

/** Which playground validation message (§5) a mint count deserves, if any. */
export const mintCountError = (count: number | string) => countError(count, MAX_MINT_COUNT);

/**
 * Mint and Slice tabs: signed out, what they do and a sign-in link; signed in, a picker
 * of the user's organisations and their series, then the operation on the chosen series.
 */
export function SeriesTab({
  operation,
  choice,
  onChoice,
}: {
  operation: 'mint' | 'slice';
  choice: SeriesChoice;
  onChoice: (choice: SeriesChoice) => void;
}) {
  const { t } = useTranslation('playground');
  const auth = useAuth();
  const location = useLocation();
  if (!auth.isAuthenticated) {
    const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text>{t(`series.${operation}`)}</Text>
          <Text size="sm">{t('series.needSeries')}</Text>
          <Button component={Link} to={`/login?returnTo=${returnTo}`}>
            {t('series.signIn')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack>
      <Text>{t(`series.${operation}`)}</Text>
      <SeriesPicker choice={choice} onChoice={onChoice}>
        {(org, series) =>
          operation === 'mint' ? (
            <MintPanel org={org} series={series} />
          ) : (
            <SlicePanel key={`${org.slug}/${series.slug}`} org={org.slug} series={series} />
          )
        }
      </SeriesPicker>
    </Stack>
  );
}

function SeriesPicker({
  choice,
  onChoice,
  children,
}: {
  choice: SeriesChoice;
  onChoice: (choice: SeriesChoice) => void;
  children: (org: Organisation, series: SeriesInfo) => ReactNode;
}) {
  const { t } = useTranslation('playground');
  const orgs = useQuery({ queryKey: consoleKeys.orgs(), queryFn: ({ signal }) => listOrgs(signal) });
  // The first organisation (every account has its personal one) until the user picks another.
  const orgSlug = choice.org ?? orgs.data?.[0]?.slug ?? null;
  const org = orgs.data?.find((o) => o.slug === orgSlug);
  const series = useQuery({
    queryKey: consoleKeys.seriesList(orgSlug ?? ''),
    queryFn: ({ signal }) => listSeries(orgSlug as string, signal),
    enabled: !!org,
  });
  const chosen = series.data?.find((s) => s.slug === choice.series);

  if (orgs.isError)
    return <ErrorState title={t('series.loadFailed')} error={orgs.error} onRetry={() => orgs.refetch()} />;
  if (orgs.isPending) return <Skeleton height={64} radius="md" />;

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('series.organisation')}
          data={(orgs.data ?? []).map((o) => ({ value: o.slug, label: o.name }))}
          value={orgSlug}
          onChange={(value) => value && onChoice({ org: value, series: null })}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
          data-testid="playground-org"
        />
        <Select
          label={t('series.series')}
          placeholder={t('series.pick')}
          data={(series.data ?? []).map((s) => ({ value: s.slug, label: `${s.name} (${s.pattern})` }))}
          value={chosen ? chosen.slug : null}
          onChange={(value) => onChoice({ org: orgSlug, series: value })}
          disabled={!series.data?.length}
          w={{ base: '100%', xs: 360 }}
          data-testid="playground-series"
        />
      </Group>
      {series.isError && (
        <ErrorState title={t('series.loadFailed')} error={series.error} onRetry={() => series.refetch()} />
      )}
      {series.data && series.data.length === 0 && org && (
        <Alert variant="light" data-testid="playground-no-series">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('series.noSeries')}</Text>
            <Button component={Link} to={`/dashboard/org/${encodeURIComponent(org.slug)}`} size="xs">
              {t('series.openOrg')}
            </Button>
          </Stack>
        </Alert>
      )}
      {org && chosen && children(org, chosen)}
    </Stack>
  );
}

/** Mints the next slugs of the series (admins and owners; the slugs are used up for good). */
function MintPanel({ org, series }: { org: Organisation; series: SeriesInfo }) {
  const { t, i18n } = useTranslation('playground');
  const queryClient = useQueryClient();
  const [count, setCount] = useState<number | string>(3);
  const [touched, setTouched] = useState(false);
  const problem = mintCountError(count);
  const allowed = hasRole(org.role, 'admin');
  const run = useMutation({
    mutationFn: (n: number) => mintSeries(org.slug, series.slug, n),
    // The counter moved: the series, its list and its windows are refetched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.seriesList(org.slug) }),
  });
  const { reset } = run;
  // Another series: earlier results belong to the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the series changes
  useEffect(() => reset(), [series.slug, reset]);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          {t('series.mintTitle', { name: series.name })}
        </Title>
        <Text size="sm" c="dimmed" data-testid="playground-generated">
          {t('series.generated', {
            generated: formatCount(series.generated_count, i18n.resolvedLanguage),
            capacity: formatCount(series.capacity, i18n.resolvedLanguage),
          })}
        </Text>
        <Text size="sm">{t('series.mintWarning')}</Text>
        {!allowed && (
          <Alert color="yellow" variant="light" data-testid="playground-mint-admins">
            {t('series.mintAdminsOnly')}
          </Alert>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!problem && allowed) run.mutate(Number(count));
          }}
        >
          <Group align="flex-start">
            <NumberInput
              label={t('form.count')}
              value={count}
              onChange={setCount}
              min={1}
              max={MAX_MINT_COUNT}
              clampBehavior="none"
              allowDecimal={false}
              w={140}
              error={touched && problem ? t(`validation.${problem}`, { max: MAX_MINT_COUNT }) : null}
              data-testid="playground-mint-count"
            />
            <Button
              type="submit"
              mt={25}
              loading={run.isPending}
              disabled={!allowed}
              data-testid="mint-button"
            >
              {t('series.mintButton')}
            </Button>
          </Group>
        </form>
        {run.isError && <ErrorState title={t('series.mintFailed')} error={run.error} />}
        {run.data && (
          <Stack gap="xs" data-testid="mint-results">
            <Title order={3} size="h4">
              {t('results.title', { count: run.data.length })}
            </Title>
            <Group component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {run.data.map((slug) => (
                <li key={slug}>
                  <SlugBadge slug={slug} size="lg" />
                </li>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
