// The sandbox's webhook outbox: events are written in the same database transaction as the
// change they describe, then delivered signed over HTTP to our own webhook route, one entity's
// events in order, retried with backoff until the route answers 2xx.
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect.js';
import { localPayOutbox } from '../../../db/schema.js';
import { signBody } from '../paddle/signature.js';
import { newLocalId } from './ids.js';
import type { Moment } from './settings.js';

/** The header the signature travels in: Paddle's own, so the route reads both providers alike. */
export const SIGNATURE_HEADER = 'Paddle-Signature';

/** After this many failed attempts an event is given up (it stays in the outbox, visible). */
export const MAX_DELIVERY_ATTEMPTS = 20;

/** Anything a query runs on: the database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

// The last occurred_at given on this node: events stay in order even within one millisecond.
let lastOccurredMs = 0;

/**
 * Events of one operation. Each `occurred_at` is real time, strictly after the previous event's
 * on this node, so the receiver can order events of one entity even when they share an instant.
 */
export class EventBatch {
  constructor(
    readonly tx: Tx,
    readonly moment: Moment,
  ) {}

  /** A sandbox time as the app reads it (real time), ISO 8601. */
  time(date: Date | null): string | null {
    return date ? new Date(date.getTime() - this.moment.offsetMs).toISOString() : null;
  }

  async emit(eventType: string, data: { id: string } & Record<string, unknown>): Promise<void> {
    lastOccurredMs = Math.max(this.moment.real.getTime(), lastOccurredMs + 1);
    const occurredAt = new Date(lastOccurredMs);
    const eventId = newLocalId('evt');
    await this.tx.insert(localPayOutbox).values({
      eventId,
      eventType,
      entityId: data.id,
      payload: {
        event_id: eventId,
        event_type: eventType,
        occurred_at: occurredAt.toISOString(),
        notification_id: newLocalId('ntf'),
        data,
      },
    });
  }
}

export interface DeliveryOptions {
  db: Db;
  log: FastifyBaseLogger;
  url: () => string;
  secret: () => string;
  /** The wait before attempt n+1 after n failed ones. */
  retryDelayMs: (failedAttempts: number) => number;
  timeoutMs?: number;
}

/** 5 s, 10 s, 20 s … up to an hour between attempts. */
export const defaultRetryDelay = (failed: number) =>
  Math.min(5_000 * 2 ** Math.max(failed - 1, 0), 3_600_000);

interface Claimed {
  seq: number;
  event_id: string;
  attempts: number;
  payload: unknown;
}

/** Delivered events are kept this long (for staff looking into a delivery), then deleted. */
export const KEEP_DELIVERED_DAYS = 30;
export const PRUNE_INTERVAL_MS = 3_600_000;

export async function pruneDelivered(db: Db): Promise<void> {
  const before = new Date(Date.now() - KEEP_DELIVERED_DAYS * 86_400_000);
  await db.delete(localPayOutbox).where(lt(localPayOutbox.deliveredAt, before));
}

export class Deliveries {
  private running: Promise<void> | undefined;
  private again = false;
  /** Stopped: what operations still kick waits in the outbox for the next start. */
  private closed = true;

  constructor(private readonly options: DeliveryOptions) {}

  open(): void {
    this.closed = false;
  }

  close(): void {
    this.closed = true;
  }

  /** Delivers what is due now, in the background; a call while a round runs asks for another. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.deliverDue();
        } while (this.again);
      } catch (error) {
        this.options.log.error({ err: error }, 'local payments: webhook delivery round failed');
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Waits for the round in flight, if any. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Delivers every due event, oldest first; returns how many were delivered. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return delivered;
      for (const event of batch) if (await this.deliver(event)) delivered++;
    }
  }

  /**
   * Claims the oldest undelivered event of each entity that is due and not held by another node:
   * an entity's later events wait until its earlier one is delivered (or given up).
   */
  private async claim(): Promise<Claimed[]> {
    const now = new Date().toISOString();
    const result = (await this.options.db.execute(sql`
      UPDATE local_pay_outbox SET locked_until = ${now}::timestamptz + interval '60 seconds'
      WHERE seq IN (
        SELECT p.seq FROM local_pay_outbox p
        WHERE p.delivered_at IS NULL AND p.gave_up_at IS NULL AND p.next_attempt_at <= ${now}::timestamptz
          AND (p.locked_until IS NULL OR p.locked_until < ${now}::timestamptz)
          AND NOT EXISTS (
            SELECT 1 FROM local_pay_outbox e
            WHERE e.entity_id = p.entity_id AND e.seq < p.seq AND e.delivered_at IS NULL AND e.gave_up_at IS NULL)
        ORDER BY p.seq LIMIT 20
        FOR UPDATE SKIP LOCKED)
      RETURNING seq, event_id, attempts, payload`)) as unknown as { rows: Claimed[] };
    return result.rows.map((row) => ({ ...row, seq: Number(row.seq) })).sort((a, b) => a.seq - b.seq);
  }

  private async deliver(event: Claimed): Promise<boolean> {
    const { db, log } = this.options;
    const body = typeof event.payload === 'string' ? event.payload : JSON.stringify(event.payload);
    let error: string | undefined;
    try {
      const response = await fetch(this.options.url(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(this.options.secret(), body),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      await response.body?.cancel();
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const row = eq(localPayOutbox.seq, event.seq);
    if (error === undefined) {
      await db
        .update(localPayOutbox)
        .set({ deliveredAt: new Date(), lockedUntil: null, attempts: event.attempts + 1, lastError: null })
        .where(row);
      return true;
    }
    const attempts = event.attempts + 1;
    const givingUp = attempts >= MAX_DELIVERY_ATTEMPTS;
    log.warn(
      { event_id: event.event_id, attempts, error, giving_up: givingUp },
      'local payments: webhook not delivered',
    );
    await db
      .update(localPayOutbox)
      .set({
        attempts,
        lastError: error.slice(0, 500),
        lockedUntil: null,
        nextAttemptAt: new Date(Date.now() + this.options.retryDelayMs(attempts)),
        gaveUpAt: givingUp ? new Date() : null,
      })
      .where(row);
    return false;
  }
}
