import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Organisation, SdkConfig } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UpgradeLabel } from '../../../components/install-licence.js';
import { consoleQueries, hasRole } from '../../../lib/console-api.js';
import { planSdkAccess } from '../../../model/plan-limits.js';
import { EmptyState, ErrorState, ListSkeleton, ReadOnlyNotice } from '../../../ui/states.js';
import { ConfigCard } from './sdk-configs/config-card.js';
import { ConfigDialog } from './sdk-configs/config-dialog.js';
import { LegacyKeys } from './sdk-configs/legacy-keys.js';

/**
 * SDK configs of an organisation, or of one series: rotation policy and period, scopes (no reset
 * scopes, §6), allowed origins one per line, enable, keys with their dates, rotate with
 * confirmation; then legacy SDK keys. Members see everything read-only.
 */
export function SdkConfigsPanel({ org, series }: { org: Organisation; series?: string }) {
  const { t } = useTranslation('dashboard');
  const isAdmin = hasRole(org.role, 'admin');
  const configs = useQuery(consoleQueries.sdkConfigs(org.slug, series));
  const limits = useQuery(consoleQueries.limits(org.slug));
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
      <LegacyKeys org={org} series={series} notInPlan={notInPlan} />
      <ConfigDialog org={org} series={series} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
