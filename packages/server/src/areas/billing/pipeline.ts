// The event pipeline: a verified webhook is stored first (once per event id), answered, then
// applied by this node or any other: each pass claims due events with a lock in the database, so
// two nodes never apply one event, and failures are retried with backoff until staff step in.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { type ApplyContext, applyEvent, NeedsStaff, NotApplicable } from './apply.js';
import * as q from './event-queries.js';
import type { PaymentProvider } from './provider.js';
import type { ProviderEvent } from './snapshots.js';

export interface PipelineOptions {
  /** How often a node looks for due events (received elsewhere, or due for a retry). */
  intervalMs?: number;
  /** Events claimed per pass. */
  batch?: number;
  /** How long a claim holds: a node that dies mid-pass frees its events after this. */
  lockSeconds?: number;
  /** After this many failed attempts an event waits for staff (retry or acknowledge). */
  maxAttempts?: number;
}

/** Seconds until the next attempt after `attempts` failures: 10 s doubling, at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

export class EventPipeline {
  private readonly intervalMs: number;
  private readonly batch: number;
  private readonly lockSeconds: number;
  readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;
  /** Passes run one after another on a node; a kick while one runs queues one more. */
  private chain: Promise<number> = Promise.resolve(0);
  private queued = false;
  private stopped = false;
  /** Events this node processed (applied, stale or ignored) and attempts that failed. */
  readonly counts = { processed: 0, failed: 0 };

  private readonly provider: PaymentProvider['name'];

  constructor(
    private readonly db: Db,
    /** The provider whose events these are: it reads each one when it is applied. */
    private readonly reader: Pick<PaymentProvider, 'name' | 'snapshotOf'>,
    private readonly context: Omit<ApplyContext, 'db' | 'provider'>,
    private readonly log: FastifyBaseLogger,
    options: PipelineOptions = {},
  ) {
    this.provider = reader.name;
    this.intervalMs = options.intervalMs ?? 3000;
    this.batch = options.batch ?? 50;
    this.lockSeconds = options.lockSeconds ?? 120;
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  /** Stores a verified event; false when it was stored before (a redelivery). */
  async receive(event: ProviderEvent): Promise<boolean> {
    const stored = await q.insertEvent(this.db, this.provider, event);
    if (stored) this.kick();
    return stored;
  }

  /** Events waiting (`received`) or failed, by state: the queue's depth (metrics). */
  openCounts(): Promise<Record<string, number>> {
    return q.countOpenEvents(this.db, this.provider);
  }

  /** Starts a pass soon, without waiting for it. */
  kick(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    this.chain = this.chain.then(() => {
      this.queued = false;
      return this.pass();
    });
  }

  /** Runs a pass after the one in progress; resolves with how many events it applied or skipped. */
  processDue(): Promise<number> {
    this.chain = this.chain.then(() => this.pass());
    return this.chain;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the timer and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private async pass(): Promise<number> {
    let done = 0;
    try {
      for (;;) {
        const events = await q.claimDueEvents(this.db, this.provider, this.batch, this.lockSeconds);
        for (const event of events) {
          if (await this.process(event)) done++;
        }
        if (events.length < this.batch || this.stopped) break;
      }
    } catch (error) {
      // The database went away (shutdown) or refused the claim: the next pass tries again.
      this.log.warn({ err: error }, 'billing events pass failed');
    }
    return done;
  }

  private async process(event: q.EventRow): Promise<boolean> {
    const log = this.log.child({ event_id: event.eventId, event_type: event.eventType });
    try {
      const outcome = await applyEvent(
        { ...this.context, db: this.db, provider: this.provider },
        this.reader.snapshotOf(event),
        event.occurredAt,
      );
      await q.markProcessed(this.db, event.id);
      this.counts.processed++;
      log.info({ outcome }, 'billing event processed');
      return true;
    } catch (error) {
      const attempts = event.attempts + 1;
      // A payload that is not what its type promises stays so however often it is tried: staff
      // correct it (PUT /admin/{provider}/events) or acknowledge it.
      const unreadable = error instanceof z.ZodError;
      // Applied, but staff must settle it with the provider: retrying changes nothing.
      const forStaff = error instanceof NeedsStaff;
      const retryIn =
        unreadable || forStaff || attempts >= this.maxAttempts ? null : backoffSeconds(attempts);
      const message = unreadable
        ? `unreadable ${event.eventType} payload: ${z.prettifyError(error)}`
        : error instanceof Error
          ? error.message
          : String(error);
      const expected = error instanceof NotApplicable || unreadable || forStaff;
      log[expected ? 'warn' : 'error'](
        { err: expected ? undefined : error, reason: message, attempts, retry_in_s: retryIn },
        'billing event failed',
      );
      this.counts.failed++;
      await q.markFailed(this.db, event.id, message, retryIn);
      return false;
    }
  }
}
