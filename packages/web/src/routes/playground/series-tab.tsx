import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { Organisation, SeriesInfo } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/session.js';
import { consoleQueries } from '../../lib/console-api.js';
import { ErrorState } from '../../ui/states.js';
import { MintPanel } from '../series/mint-panel.js';
import { SlicePanel } from '../series/slice-panel.js';

/** The organisation and series the Mint and Slice tabs work on (kept while switching tabs). */
export interface SeriesChoice {
  org: string | null;
  series: string | null;
}

/** The series the user chose, else an organisation's only series: there is nothing to choose. */
export function preselectedSeries<S extends { slug: string }>(
  list: readonly S[] | undefined,
  chosen: string | null,
): S | undefined {
  const picked = list?.find((s) => s.slug === chosen);
  if (picked) return picked;
  return chosen === null && list?.length === 1 ? list[0] : undefined;
}

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
  const orgs = useQuery(consoleQueries.orgs());
  // The first organisation (every account has its personal one) until the user picks another.
  const orgSlug = choice.org ?? orgs.data?.[0]?.slug ?? null;
  const org = orgs.data?.find((o) => o.slug === orgSlug);
  const series = useQuery({
    ...consoleQueries.seriesList(orgSlug ?? ''),
    enabled: !!org,
  });
  const chosen = preselectedSeries(series.data, choice.series);

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
