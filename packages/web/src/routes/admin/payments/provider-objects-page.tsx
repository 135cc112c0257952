import { Anchor, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { PROVIDER_OBJECT_FILTERS, type ProviderObjectKind } from '@slugsmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminQueries } from '../../../lib/admin-api.js';
import { formatDateTime } from '../../../ui/format.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { PrevNextPager } from '../pager.js';
import { AdminHeader, TableScroll } from '../parts.js';
import { useListParams } from '../use-list-params.js';
import { KindTabs, objectPath } from './kind-tabs.js';

const PAGE_SIZE = 25;

/** /admin/{provider}/{kind}: what the payment provider holds of one kind, with its filters. */
export function ProviderObjectsPage({ kind }: { kind: ProviderObjectKind }) {
  const { provider = 'local' } = useParams();
  const { t, i18n } = useTranslation(['admin', 'navigation']);
  const list = useListParams();
  const filters: readonly string[] = PROVIDER_OBJECT_FILTERS[kind];
  const query = {
    offset: (list.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...Object.fromEntries(filters.map((name) => [name, list.get(name)])),
  };
  const objects = useQuery({
    ...adminQueries.providerObjects(provider, kind, query),
    placeholderData: keepPreviousData,
  });
  const title = t(`navigation:titles.payments.${kind}`);
  const items = objects.data?.items ?? [];
  const applyFilter = (name: string, value: string) => list.set(name, value.trim() || null);

  return (
    <>
      <AdminHeader title={title} intro={t('admin:providerObjects.intro', { provider })} />
      <KindTabs provider={provider} current={kind} />
      <Group gap="sm" mb="md" align="flex-end">
        {filters.map((name) => (
          <TextInput
            // A changed filter in the address (back, a link) shows in the field.
            key={`${name}-${list.get(name) ?? ''}`}
            label={t(`admin:providerObjects.filters.${name}`)}
            defaultValue={list.get(name) ?? ''}
            onBlur={(e) => applyFilter(name, e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyFilter(name, e.currentTarget.value);
            }}
            w={{ base: '100%', sm: 220 }}
            data-testid={`object-filter-${name}`}
          />
        ))}
      </Group>
      {objects.isPending && <ListSkeleton rows={6} />}
      {objects.isError && (
        <ErrorState
          title={t('admin:providerObjects.loadFailed')}
          error={objects.error}
          onRetry={() => objects.refetch()}
        />
      )}
      {objects.data && items.length === 0 && (
        <Text data-testid="objects-empty">{t('admin:providerObjects.empty')}</Text>
      )}
      {items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label={title}>
            <Table verticalSpacing="xs" striped data-testid="objects-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin:providerObjects.fields.object')}</Table.Th>
                  <Table.Th>{t('admin:providerObjects.fields.status')}</Table.Th>
                  <Table.Th>{t('admin:providerObjects.fields.customer')}</Table.Th>
                  <Table.Th>{t('admin:providerObjects.fields.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((object) => (
                  <Table.Tr key={object.id} data-testid="object-row" data-id={object.id}>
                    <Table.Td>
                      <Anchor component={Link} to={objectPath(provider, kind, object.id)} size="sm">
                        {object.label}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {object.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{object.status ? <Code>{object.status}</Code> : '—'}</Table.Td>
                    <Table.Td>
                      {object.customer_id && kind !== 'customers' ? (
                        <Anchor
                          component={Link}
                          to={objectPath(provider, 'customers', object.customer_id)}
                          size="sm"
                        >
                          {object.customer_id}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {object.created_at ? formatDateTime(object.created_at, i18n.language) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <PrevNextPager
            page={list.page}
            more={objects.data?.more === true}
            onPage={(page) => list.set('page', String(page))}
          />
        </Stack>
      )}
    </>
  );
}
