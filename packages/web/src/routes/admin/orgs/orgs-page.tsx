import { Anchor, Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { OrgState } from '@slugsmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminQueries, type OrgListParams } from '../../../lib/admin-api.js';
import { formatDate } from '../../../ui/format.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { Pager } from '../pager.js';
import { AdminHeader, StateBadge, TableScroll } from '../parts.js';
import { SearchBox } from '../search-box.js';
import { useListParams } from '../use-list-params.js';

const PAGE_SIZE = 25;

/** /admin/organizations: search by name or slug, filter by plan and state, a page at a time. */
export function OrgsPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams();
  const page = list.page;
  const plan = list.get('plan');
  const state = list.get('state') as OrgState | undefined;
  const billing = list.get('billing') as OrgListParams['billing'];
  const setParam = (name: string, value: string | null) => list.set(name, value);
  const query = {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    q: list.get('q'),
    plan,
    state,
    billing,
  };
  const orgs = useQuery({
    ...adminQueries.orgs(query),
    placeholderData: keepPreviousData,
  });
  const plans = useQuery(adminQueries.plans());

  return (
    <>
      <AdminHeader title={t('orgs.title')} intro={t('orgs.intro')} />
      <Group gap="sm" mb="md" align="flex-end">
        <SearchBox
          label={t('orgs.search')}
          placeholder={t('orgs.searchPlaceholder')}
          value={list.get('q') ?? ''}
          onSearch={(q) => list.set('q', q, true)}
          testId="org-search"
        />
        <Select
          label={t('orgs.filterPlan')}
          data={(plans.data ?? []).map((p) => ({ value: p.slug, label: p.name }))}
          value={plan ?? null}
          onChange={(v) => setParam('plan', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 200 }}
          data-testid="org-filter-plan"
        />
        <Select
          label={t('orgs.filterState')}
          data={[
            { value: 'active', label: t('states.active') },
            { value: 'suspended', label: t('states.suspended') },
          ]}
          value={state ?? null}
          onChange={(v) => setParam('state', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 180 }}
          data-testid="org-filter-state"
        />
        <Select
          label={t('orgs.filterBilling')}
          data={[
            { value: 'paying', label: t('dashboard.paying') },
            { value: 'past_due', label: t('dashboard.pastDue') },
          ]}
          value={billing ?? null}
          onChange={(v) => setParam('billing', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 200 }}
          data-testid="org-filter-billing"
        />
      </Group>
      {orgs.isPending && <ListSkeleton rows={6} />}
      {orgs.isError && (
        <ErrorState title={t('orgs.loadFailed')} error={orgs.error} onRetry={() => orgs.refetch()} />
      )}
      {orgs.data && orgs.data.items.length === 0 && <Text data-testid="orgs-empty">{t('orgs.empty')}</Text>}
      {orgs.data && orgs.data.items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label={t('orgs.title')}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="orgs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orgs.fields.name')}</Table.Th>
                  <Table.Th>{t('orgs.fields.plan')}</Table.Th>
                  <Table.Th>{t('orgs.fields.state')}</Table.Th>
                  <Table.Th>{t('orgs.fields.members')}</Table.Th>
                  <Table.Th>{t('orgs.fields.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orgs.data.items.map((org) => (
                  <Table.Tr key={org.slug} data-testid={`org-row-${org.slug}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/admin/organizations/${encodeURIComponent(org.slug)}`}>
                          {org.name}
                        </Anchor>
                        {org.personal && (
                          <Badge size="xs" variant="default">
                            {t('orgs.personal')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {org.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>{org.plan?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <StateBadge state={org.state} />
                    </Table.Td>
                    <Table.Td>{org.members}</Table.Td>
                    <Table.Td>{formatDate(org.created_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Pager
            total={orgs.data.total}
            limit={PAGE_SIZE}
            page={page}
            onPage={(p) => setParam('page', String(p))}
          />
        </Stack>
      )}
    </>
  );
}
