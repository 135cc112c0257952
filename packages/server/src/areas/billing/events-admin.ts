// The provider's events for staff (§4, §7.7): listed with filters, acknowledged, retried.
import type {
  AcknowledgeBillingEvents,
  BillingEvent,
  BillingEventQuery,
  EditBillingEvent,
} from '@slugsmith/contract';
import { ApiError } from '../../platform/errors.js';
import * as q from './event-queries.js';
import type { Billing } from './service.js';
import type { ProviderEvent } from './snapshots.js';

export function toBillingEvent(e: q.EventRow): BillingEvent {
  return {
    id: e.id,
    provider: e.provider,
    event_id: e.eventId,
    event_type: e.eventType,
    category: e.eventType.split('.')[0] ?? e.eventType,
    entity_id: e.entityId,
    customer_id: e.customerId,
    occurred_at: e.occurredAt.toISOString(),
    received_at: e.receivedAt.toISOString(),
    processed_at: e.processedAt?.toISOString() ?? null,
    state: e.state,
    attempts: e.attempts,
    next_attempt_at: e.nextAttemptAt?.toISOString() ?? null,
    last_error: e.lastError,
    payload: e.payload,
  };
}

/** The `{provider}` segment names the active provider; any other is unknown here. */
export function activeProvider(billing: Billing, provider: string) {
  if (provider !== billing.provider.name) {
    throw ApiError.notFound('Unknown payment provider', {
      reason: 'unknown_provider',
      provider,
      active: billing.provider.name,
    });
  }
  return billing.provider.name;
}

export async function listEvents(
  billing: Billing,
  provider: string,
  query: BillingEventQuery,
): Promise<BillingEvent[]> {
  const rows = await q.listEvents(billing.db, activeProvider(billing, provider), {
    state: query.state,
    category: query.category,
    entityId: query.entity_id,
    customerId: query.customer_id,
    offset: query.offset,
    limit: query.limit,
  });
  return rows.map(toBillingEvent);
}

async function eventsOrNotFound(billing: Billing, provider: string, ids: readonly string[]) {
  const name = activeProvider(billing, provider);
  const unique = [...new Set(ids)];
  const found = await q.findEvents(billing.db, name, unique);
  const missing = unique.filter((id) => !found.some((e) => e.id === id));
  if (missing.length > 0)
    throw ApiError.notFound('Event not found', { reason: 'event_not_found', ids: missing });
  return { name, unique };
}

export async function acknowledgeEvents(
  billing: Billing,
  provider: string,
  body: AcknowledgeBillingEvents,
): Promise<BillingEvent[]> {
  const { name, unique } = await eventsOrNotFound(billing, provider, body.ids);
  await q.acknowledgeEvents(billing.db, name, unique);
  return (await q.findEvents(billing.db, name, unique)).map(toBillingEvent);
}

/** Failed and acknowledged events become due now; processed ones stay as they are. */
export async function retryEvents(
  billing: Billing,
  provider: string,
  ids: readonly string[],
): Promise<BillingEvent[]> {
  const { name, unique } = await eventsOrNotFound(billing, provider, ids);
  await q.retryEvents(billing.db, name, unique);
  await billing.pipeline.processDue();
  return (await q.findEvents(billing.db, name, unique)).map(toBillingEvent);
}

/**
 * Staff correct an event that cannot be applied as the provider sent it (say, an organisation
 * that was recreated) and it is processed again now. Its id and type stay: they are what makes
 * a redelivery a duplicate. A processed event stays as it was applied.
 */
export async function editEvent(
  billing: Billing,
  provider: string,
  body: EditBillingEvent,
): Promise<BillingEvent> {
  const name = activeProvider(billing, provider);
  const [stored] = await q.findEvents(billing.db, name, [body.id]);
  if (!stored) throw ApiError.notFound('Event not found', { reason: 'event_not_found', ids: [body.id] });
  if (stored.state === 'processed') {
    throw ApiError.conflict('A processed event cannot be edited', { reason: 'processed' });
  }
  let event: ProviderEvent;
  try {
    event = billing.provider.readEvent(body.payload);
  } catch {
    throw ApiError.badRequest('The payload is not an event', { reason: 'not_an_event', field: 'payload' });
  }
  if (event.eventId !== stored.eventId || event.eventType !== stored.eventType) {
    throw ApiError.badRequest('The event keeps its event_id and event_type', {
      reason: 'event_keeps_id',
      field: 'payload',
    });
  }
  await q.replaceEventPayload(billing.db, name, stored.id, event);
  await billing.pipeline.processDue();
  const [edited] = await q.findEvents(billing.db, name, [stored.id]);
  return toBillingEvent(edited as q.EventRow);
}

/** What the audit log keeps of an event: its handling, not the customer data in its payload. */
export function auditView(e: BillingEvent, withPayload = false) {
  const { payload, received_at: _r, ...rest } = e;
  return withPayload ? { ...rest, payload } : rest;
}

/** The events as they are before a staff write (404 when one is unknown). */
export async function eventsBefore(billing: Billing, provider: string, ids: readonly string[]) {
  const { name, unique } = await eventsOrNotFound(billing, provider, ids);
  const rows = await q.findEvents(billing.db, name, unique);
  return new Map(rows.map((e) => [e.id, toBillingEvent(e)]));
}
