import { Button, Checkbox, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { type BillingEvent, BillingEventState } from '@slugsmith/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { acknowledgeEvents, adminKeys, adminQueries, retryEvents } from '../../../lib/admin-api.js';
import { formatDateTime } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { PrevNextPager } from '../pager.js';
import { AdminHeader, ReadOnlyNote, StateBadge, TableScroll } from '../parts.js';
import { useListParams } from '../use-list-params.js';
import { useStaff } from '../use-staff.js';
import { EditEventDialog } from './edit-event-dialog.js';
import { acknowledgeable, editable, retryable } from './event-actions.js';

const PAGE_SIZE = 50;
const CATEGORIES = ['subscription', 'transaction', 'customer', 'price', 'product', 'adjustment'];

/** /admin/{provider}/events: the provider's webhook events with filters; acknowledge and retry. */
export function EventsPage() {
  const { provider = 'local' } = useParams();
  const { t } = useTranslation('admin');
  const { writable } = useStaff();
  const list = useListParams();
  const client = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<BillingEvent | null>(null);
  const query = {
    offset: (list.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    state: list.get('state') as BillingEventState | undefined,
    category: list.get('category'),
    entity_id: list.get('entity_id'),
    customer_id: list.get('customer_id'),
  };
  const events = useQuery({
    ...adminQueries.events(provider, query),
    placeholderData: keepPreviousData,
  });
  const done = async (message: string) => {
    setSelected(new Set());
    await client.invalidateQueries({ queryKey: adminKeys.events(provider) });
    await client.invalidateQueries({ queryKey: adminKeys.dashboard() });
    notifySuccess(message);
  };
  const acknowledge = useMutation({
    mutationFn: (ids: string[]) => acknowledgeEvents(provider, ids),
    onSuccess: () => done(t('events.acknowledged')),
    onError: (error) => notifyFailure(t('events.actionFailed'), error),
  });
  const retry = useMutation({
    mutationFn: (ids: string[]) => retryEvents(provider, ids),
    onSuccess: () => done(t('events.retried')),
    onError: (error) => notifyFailure(t('events.actionFailed'), error),
  });
  const items = events.data ?? [];
  const chosen = items.filter((e) => selected.has(e.id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const idFilter = (name: 'entity_id' | 'customer_id') => (
    <TextInput
      label={t(`events.fields.${name}`)}
      defaultValue={list.get(name) ?? ''}
      onBlur={(e) => list.set(name, e.currentTarget.value.trim() || null)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') list.set(name, e.currentTarget.value.trim() || null);
      }}
      w={{ base: '100%', sm: 220 }}
      data-testid={`event-filter-${name}`}
    />
  );

  return (
    <>
      <AdminHeader title={t('events.title')} intro={t('events.intro', { provider })} />
      <ReadOnlyNote />
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label={t('events.fields.state')}
          data={BillingEventState.options.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          value={list.get('state') ?? null}
          onChange={(v) => list.set('state', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 180 }}
          data-testid="event-filter-state"
        />
        <Select
          label={t('events.fields.category')}
          data={CATEGORIES}
          value={list.get('category') ?? null}
          onChange={(v) => list.set('category', v)}
          placeholder={t('filters.any')}
          clearable
          w={{ base: '100%', sm: 180 }}
          data-testid="event-filter-category"
        />
        {idFilter('entity_id')}
        {idFilter('customer_id')}
      </Group>
      {writable && items.length > 0 && (
        <Group gap="xs" mb="sm">
          <Button
            size="xs"
            disabled={!chosen.some(retryable)}
            loading={retry.isPending}
            onClick={() => retry.mutate(chosen.filter(retryable).map((e) => e.id))}
            data-testid="events-retry"
          >
            {t('events.retry')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!chosen.some(acknowledgeable)}
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(chosen.filter(acknowledgeable).map((e) => e.id))}
            data-testid="events-acknowledge"
          >
            {t('events.acknowledge')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('events.selected', { count: chosen.length })}
          </Text>
        </Group>
      )}
      {events.isPending && <ListSkeleton rows={6} />}
      {events.isError && (
        <ErrorState title={t('events.loadFailed')} error={events.error} onRetry={() => events.refetch()} />
      )}
      {events.data && items.length === 0 && <Text data-testid="events-empty">{t('events.empty')}</Text>}
      {items.length > 0 && (
        <Stack gap="sm">
          <TableScroll label={t('events.title')}>
            <Table verticalSpacing="xs" data-testid="events-table">
              <Table.Thead>
                <Table.Tr>
                  {writable && (
                    <Table.Th>
                      <Checkbox
                        aria-label={t('events.selectAll')}
                        checked={chosen.length === items.length}
                        indeterminate={chosen.length > 0 && chosen.length < items.length}
                        onChange={(e) =>
                          setSelected(e.currentTarget.checked ? new Set(items.map((i) => i.id)) : new Set())
                        }
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t('events.fields.type')}</Table.Th>
                  <Table.Th>{t('events.fields.state')}</Table.Th>
                  <Table.Th>{t('events.fields.entity_id')}</Table.Th>
                  <Table.Th>{t('events.fields.occurred')}</Table.Th>
                  <Table.Th>{t('events.fields.attempts')}</Table.Th>
                  {writable && <Table.Th>{t('subs.fields.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((event) => (
                  <EventRow
                    key={event.id}
                    event={event}
                    selectable={writable}
                    selected={selected.has(event.id)}
                    onToggle={() => toggle(event.id)}
                    onEdit={() => setEditing(event)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <PrevNextPager
            page={list.page}
            more={items.length >= PAGE_SIZE}
            onPage={(page) => list.set('page', String(page))}
          />
        </Stack>
      )}
      {editing && (
        <EditEventDialog
          provider={provider}
          event={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void done(saved.state === 'processed' ? t('events.editedProcessed') : t('events.edited'));
          }}
        />
      )}
    </>
  );
}

function EventRow({
  event,
  selectable,
  selected,
  onToggle,
  onEdit,
}: {
  event: BillingEvent;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Table.Tr data-testid={`event-row-${event.event_id}`} data-state={event.state}>
      {selectable && (
        <Table.Td>
          <Checkbox
            aria-label={t('events.select', { id: event.event_id })}
            checked={selected}
            onChange={onToggle}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Code>{event.event_type}</Code>
        <Text size="xs" c="dimmed">
          {event.event_id}
        </Text>
        {event.last_error && (
          <Text size="xs" className="admin-error-text" data-testid="event-error">
            {event.last_error}
          </Text>
        )}
        <details>
          <summary>
            <Text span size="xs">
              {t('events.payload')}
            </Text>
          </summary>
          <Code block mt={4}>
            {JSON.stringify(event.payload, null, 2)}
          </Code>
        </details>
      </Table.Td>
      <Table.Td>
        <StateBadge state={event.state} testId={`event-state-${event.event_id}`} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{event.entity_id ?? '—'}</Text>
        {event.customer_id && (
          <Text size="xs" c="dimmed">
            {event.customer_id}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.occurred_at, i18n.language)}</Table.Td>
      <Table.Td>{event.attempts}</Table.Td>
      {selectable && (
        <Table.Td>
          {editable(event) && (
            <Button
              size="compact-xs"
              variant="default"
              onClick={onEdit}
              aria-label={`${t('actions.edit')}: ${event.event_id}`}
              data-testid={`event-edit-${event.event_id}`}
            >
              {t('actions.edit')}
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
