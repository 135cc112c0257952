import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Container,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { Organisation } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormErrorBoundary } from '../../components/error-boundary.js';
import { ApiError } from '../../lib/api.js';
import { consoleQueries, hasRole } from '../../lib/console-api.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states.js';
import { ApiKeysPanel } from '../dashboard/org/api-keys-panel.js';
import { SdkConfigsPanel } from '../dashboard/org/sdk-configs-panel.js';
import { DangerPanel } from './danger-panel.js';
import { EditSeriesDialog } from './edit-series-dialog.js';
import { MintPanel } from './mint-panel.js';
import { SeriesStats } from './series-stats.js';
import { SlicePanel } from './slice-panel.js';
import { TestPanel } from './test-panel.js';
import { UsageCard } from './usage-card.js';

export const SERIES_TABS = ['overview', 'mint', 'test', 'slice', 'keys', 'sdk', 'danger'] as const;
export type SeriesTab = (typeof SERIES_TABS)[number];

const orgHref = (org: string) => `/dashboard/org/${encodeURIComponent(org)}`;

/**
 * /dashboard/org/:orgSlug/series/:seriesSlug — usage and statistics, mint, test, slice viewer,
 * series-level API keys and SDK configs, reset and delete (product spec §2.2); admins rename the
 * series and change its pattern until the first id is generated.
 */
export function SeriesDashboardPage() {
  const { t } = useTranslation('series');
  const { orgSlug = '', seriesSlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SeriesTab = SERIES_TABS.includes(requested as SeriesTab) ? (requested as SeriesTab) : 'overview';
  const org = useQuery(consoleQueries.org(orgSlug));
  const series = useQuery(consoleQueries.series(orgSlug, seriesSlug));
  const [editing, setEditing] = useState(false);
  const failed = org.error ?? series.error;
  const notFound = failed instanceof ApiError && failed.code === 404;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to="/dashboard">
            {t('page.dashboard')}
          </Anchor>
          <Anchor component={Link} to={`${orgHref(orgSlug)}?tab=series`}>
            {org.data?.name ?? orgSlug}
          </Anchor>
          <Text span>{series.data?.name ?? seriesSlug}</Text>
        </Breadcrumbs>
        {(org.isPending || series.isPending) && !failed && <ListSkeleton rows={3} height={80} />}
        {failed &&
          (notFound ? (
            <EmptyState
              title={t('page.notFound')}
              action={
                <Anchor component={Link} to={`${orgHref(orgSlug)}?tab=series`}>
                  {t('page.backToSeries')}
                </Anchor>
              }
            >
              {t('page.notFoundHint')}
            </EmptyState>
          ) : (
            <ErrorState
              title={t('page.loadFailed')}
              error={failed}
              onRetry={() => {
                void org.refetch();
                void series.refetch();
              }}
            />
          ))}
        {org.data && series.data && (
          <>
            <Group justify="space-between" align="flex-end">
              <div style={{ minWidth: 0 }}>
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {series.data.name}
                </Title>
                <Text ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {series.data.slug}
                </Text>
              </div>
              <Group gap="xs">
                {hasRole(org.data.role, 'admin') && (
                  <Button variant="default" onClick={() => setEditing(true)} data-testid="series-edit">
                    {t('edit.button')}
                  </Button>
                )}
                <RoleBadge org={org.data} />
              </Group>
            </Group>
            <EditSeriesDialog
              org={orgSlug}
              series={series.data}
              opened={editing}
              onClose={() => setEditing(false)}
            />
            <Tabs
              value={tab}
              onChange={(value) => value && setParams({ tab: value }, { replace: true })}
              keepMounted={false}
            >
              <Tabs.List mb="md" style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
                {SERIES_TABS.map((name) => (
                  <Tabs.Tab key={name} value={name} data-testid={`series-tab-${name}`}>
                    {t(`page.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="overview">
                <Stack>
                  <UsageCard series={series.data} />
                  <FormErrorBoundary>
                    <SeriesStats org={orgSlug} series={series.data.slug} />
                  </FormErrorBoundary>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="mint">
                <FormErrorBoundary>
                  <MintPanel org={org.data} series={series.data} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="test">
                <FormErrorBoundary>
                  <TestPanel org={orgSlug} series={series.data.slug} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="slice">
                <FormErrorBoundary>
                  <SlicePanel org={orgSlug} series={series.data} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="keys">
                <FormErrorBoundary>
                  <ApiKeysPanel org={org.data} series={series.data.slug} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="sdk">
                <FormErrorBoundary>
                  <SdkConfigsPanel org={org.data} series={series.data.slug} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="danger">
                <DangerPanel org={orgSlug} series={series.data} canManage={hasRole(org.data.role, 'admin')} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Container>
  );
}

function RoleBadge({ org }: { org: Organisation }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge variant="light" size="lg" data-testid="org-role">
      {t(`roles.${org.role}`)}
    </Badge>
  );
}
