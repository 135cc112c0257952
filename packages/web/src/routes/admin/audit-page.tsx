import { Badge, Code, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { type AuditEntry, AuditObjectType } from '@slugsmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../../lib/admin-api.js';
import { formatDateTime } from '../../ui/format.js';
import { ErrorState, ListSkeleton } from '../../ui/states.js';
import { Pager } from './pager.js';
import { AdminHeader, TableScroll } from './parts.js';
import { useListParams } from './use-list-params.js';

const PAGE_SIZE = 50;

/** /admin/audit: every admin write, newest first — who, when, what, and the object before and after. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams();
  const objectType = list.get('object_type') as AuditObjectType | undefined;
  const query = {
    offset: (list.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    object_type: objectType,
    object_id: list.get('object_id'),
    // Documents are named by their title in the reader's language.
    language: i18n.language,
  };
  const audit = useQuery({
    ...adminQueries.audit(query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <AdminHeader title={t('audit.title')} intro={t('audit.intro')} />
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label={t('audit.objectType')}
          data={AuditObjectType.options.map((o) => ({ value: o, label: t(`audit.types.${o}`) }))}
          value={objectType ?? null}
          onChange={(v) => list.set('object_type', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 220 }}
          data-testid="audit-filter-type"
        />
        <TextInput
          label={t('audit.objectId')}
          defaultValue={list.get('object_id') ?? ''}
          onBlur={(e) => list.set('object_id', e.currentTarget.value.trim() || null)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') list.set('object_id', e.currentTarget.value.trim() || null);
          }}
          w={{ base: '100%', sm: 260 }}
          data-testid="audit-filter-id"
        />
      </Group>
      {audit.isPending && <ListSkeleton rows={6} />}
      {audit.isError && (
        <ErrorState title={t('audit.loadFailed')} error={audit.error} onRetry={() => audit.refetch()} />
      )}
      {audit.data && audit.data.items.length === 0 && (
        <Text data-testid="audit-empty">{t('audit.empty')}</Text>
      )}
      {audit.data && audit.data.items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label={t('audit.title')}>
            <Table verticalSpacing="xs" data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.at')}</Table.Th>
                  <Table.Th>{t('audit.actor')}</Table.Th>
                  <Table.Th>{t('audit.action')}</Table.Th>
                  <Table.Th>{t('audit.object')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.items.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Pager
            total={audit.data.total}
            limit={PAGE_SIZE}
            page={list.page}
            onPage={(p) => list.set('page', String(p))}
          />
        </Stack>
      )}
    </>
  );
}

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Table.Tr data-testid="audit-row" data-action={entry.action}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, i18n.language)}</Table.Td>
      <Table.Td>{entry.actor.email}</Table.Td>
      <Table.Td>
        <Code>{entry.action}</Code>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="audit-object">
          {t(`audit.types.${entry.object_type}`)} ·{' '}
          {entry.object_name ? <span title={entry.object_id}>{entry.object_name}</span> : entry.object_id}
          {entry.object_deleted && (
            <Badge ml="xs" size="xs" color="gray" variant="light">
              {t('audit.deleted')}
            </Badge>
          )}
        </Text>
        <details>
          <summary>
            <Text span size="xs">
              {t('audit.changes')}
            </Text>
          </summary>
          <SimpleGrid cols={{ base: 1, md: 2 }} mt={4}>
            <div>
              <Text size="xs" fw={700}>
                {t('audit.before')}
              </Text>
              <Code block>{json(entry.before)}</Code>
            </div>
            <div>
              <Text size="xs" fw={700}>
                {t('audit.after')}
              </Text>
              <Code block>{json(entry.after)}</Code>
            </div>
          </SimpleGrid>
        </details>
      </Table.Td>
    </Table.Tr>
  );
}
