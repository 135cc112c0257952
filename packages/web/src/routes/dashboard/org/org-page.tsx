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
import { FormErrorBoundary } from '../../../components/error-boundary.js';
import { ApiError } from '../../../lib/api.js';
import { consoleQueries, hasRole } from '../../../lib/console-api.js';
import { useOnPremise } from '../../../lib/install.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { ApiKeysPanel } from './api-keys-panel.js';
import { DangerZone } from './danger-zone.js';
import { LicencesTab } from './licences-tab.js';
import { MembersTab } from './members-tab.js';
import { RenameOrgDialog } from './rename-org-dialog.js';
import { SdkConfigsPanel } from './sdk-configs-panel.js';
import { SeriesTab } from './series-tab.js';
import { SubscriptionTab } from './subscription-tab.js';

export const ORG_TABS = ['members', 'subscription', 'licences', 'series', 'keys', 'sdk', 'danger'] as const;
export type OrgTab = (typeof ORG_TABS)[number];

/** /dashboard/org/:orgSlug — members, plan and limits, series, API keys, SDK configs, deletion. */
export function OrgDashboardPage() {
  const { t } = useTranslation('dashboard');
  const { orgSlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as OrgTab | null;
  // An install issues no licences: no Licences tab there (nor while that is unknown).
  const onPremise = useOnPremise();
  const tabs = ORG_TABS.filter((name) => name !== 'licences' || onPremise === false);
  const shown = requested && ORG_TABS.includes(requested) && !(requested === 'licences' && onPremise);
  const tab: OrgTab = shown ? requested : 'members';
  const org = useQuery(consoleQueries.org(orgSlug));

  const selectTab = (value: string | null) => {
    if (!value) return;
    // Switching tabs drops one-shot parameters such as create=1.
    setParams({ tab: value }, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Breadcrumbs>
          <Anchor component={Link} to="/dashboard">
            {t('title')}
          </Anchor>
          <Text span>{org.data?.name ?? orgSlug}</Text>
        </Breadcrumbs>
        {org.isPending && <ListSkeleton rows={3} height={80} />}
        {org.isError &&
          (org.error instanceof ApiError && org.error.code === 404 ? (
            <EmptyState title={t('org.notFound')}>{t('org.notFoundHint')}</EmptyState>
          ) : (
            <ErrorState title={t('org.loadFailed')} error={org.error} onRetry={() => org.refetch()} />
          ))}
        {org.data && (
          <>
            <OrgHeader org={org.data} />
            <Tabs value={tab} onChange={selectTab} keepMounted={false}>
              <Tabs.List mb="md">
                {tabs.map((name) => (
                  <Tabs.Tab key={name} value={name} data-testid={`tab-${name}`}>
                    {t(`org.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="members">
                <FormErrorBoundary>
                  <MembersTab org={org.data} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="subscription">
                <SubscriptionTab org={org.data} />
              </Tabs.Panel>
              {onPremise === false && (
                <Tabs.Panel value="licences">
                  <LicencesTab org={org.data} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="series">
                <FormErrorBoundary>
                  <SeriesTab org={org.data} startCreating={params.get('create') === '1'} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="keys">
                <FormErrorBoundary>
                  <ApiKeysPanel org={org.data} startCreating={params.get('create') === '1'} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="sdk">
                <FormErrorBoundary>
                  <SdkConfigsPanel org={org.data} />
                </FormErrorBoundary>
              </Tabs.Panel>
              <Tabs.Panel value="danger">
                <DangerZone org={org.data} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Container>
  );
}

function OrgHeader({ org }: { org: Organisation }) {
  const { t } = useTranslation('dashboard');
  const [renaming, setRenaming] = useState(false);
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1}>{org.name}</Title>
        <Text ff="monospace" c="dimmed">
          {org.slug}
        </Text>
      </div>
      <Group gap="xs">
        {hasRole(org.role, 'admin') && (
          <Button variant="default" onClick={() => setRenaming(true)} data-testid="org-rename">
            {t('org.rename')}
          </Button>
        )}
        <Badge variant="light" size="lg" data-testid="org-role">
          {t(`roles.${org.role}`)}
        </Badge>
        {org.personal && (
          <Badge variant="outline" size="lg">
            {t('orgs.personal')}
          </Badge>
        )}
      </Group>
      <RenameOrgDialog org={org} opened={renaming} onClose={() => setRenaming(false)} />
    </Group>
  );
}
