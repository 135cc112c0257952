import {
  DEFAULT_STATS_PERIODS,
  type HistoryDatePart,
  periodStart,
  type StatsEntry,
  type StatsQuery,
  shiftPeriod,
} from '@slugsmith/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CallerKey } from '../../auth/keys.js';
import type { Database, Db } from '../../db/connect.js';
import { seriesFor } from '../series/service.js';
import { AGGREGATION_BATCH, type AggregationResult, aggregateStats } from './aggregate.js';
import { currentPeriods } from './periods.js';
import { historySums, periodSums, type StatsScope } from './queries.js';
import { StatsRecorder } from './recorder.js';

export interface StatsOptions {
  /** How often recorded calls are written (ms). */
  flushMs?: number;
  /** How often the minute rows are folded into the period rows (ms; product spec §9: a minute). */
  aggregateMs?: number;
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number;
  /** False: no timers, writes only on `aggregate()`, `recorder.flush()` and `stop()` (tests). */
  timers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Usage statistics of this node (recording, aggregation, reads). */
    stats: StatsService;
  }
}

/**
 * What a key's statistics cover: a named series (or a series key's own), else the key's whole
 * organisation. A series outside the key's reach is 404, as for generation calls.
 */
export async function keyScope(db: Db, key: CallerKey, seriesSlug?: string): Promise<StatsScope> {
  if (key.seriesId === null && seriesSlug === undefined) return { kind: 'org', orgId: key.orgId };
  const row = await seriesFor(db, key, seriesSlug);
  return { kind: 'series', orgId: key.orgId, seriesId: row.id };
}

/** How long the public ticker's answer is reused on a node (it is read by every visitor). */
const TICKER_CACHE_MS = 10_000;

/**
 * Usage statistics of one node: records calls in memory, flushes them every few seconds, runs
 * the aggregation every minute (any node may; the database makes it exactly once) and answers
 * the statistics reads. `stop()` writes what is still buffered (on shutdown).
 */
export class StatsService {
  readonly recorder: StatsRecorder;
  readonly now: () => number;
  private readonly flushMs: number;
  private readonly aggregateMs: number;
  private readonly useTimers: boolean;
  private timers: NodeJS.Timeout[] = [];
  private aggregating: Promise<AggregationResult> | undefined;
  private tickerCache: { at: number; rows: Promise<StatsEntry[]> } | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    options: StatsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.recorder = new StatsRecorder(database, () => this.now());
    this.flushMs = options.flushMs ?? 5_000;
    this.aggregateMs = options.aggregateMs ?? 60_000;
    this.useTimers = options.timers ?? true;
  }

  start(): void {
    if (!this.useTimers || this.timers.length > 0) return;
    const flush = setInterval(() => {
      this.recorder
        .flush()
        .catch((error: unknown) => this.log.warn({ err: error }, 'statistics flush failed'));
    }, this.flushMs);
    // Nodes started together spread their runs over the interval instead of colliding each time.
    const first = setTimeout(
      () => {
        const every = setInterval(() => void this.runAggregation(), this.aggregateMs);
        every.unref();
        this.timers.push(every);
        void this.runAggregation();
      },
      Math.floor(Math.random() * this.aggregateMs),
    );
    flush.unref();
    first.unref();
    this.timers.push(flush, first);
  }

  /** Stops the timers and writes what is buffered; statistics of later calls are kept in memory. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.aggregating?.catch(() => {});
    await this.recorder.flush();
  }

  private async runAggregation(): Promise<void> {
    try {
      await this.aggregate();
    } catch (error) {
      this.log.warn({ err: error }, 'statistics aggregation failed');
    }
  }

  /** Writes this node's buffer, then folds every node's minute rows into the period rows. */
  async aggregate(): Promise<AggregationResult> {
    while (this.aggregating) await this.aggregating.catch(() => {});
    this.aggregating = (async () => {
      await this.recorder.flush();
      const total: AggregationResult = { ran: false, claimed: 0 };
      // A backlog (after an outage) in bounded transactions; a few per run, the rest next minute.
      for (let i = 0; i < 10; i++) {
        const step = await aggregateStats(this.database);
        total.ran ||= step.ran;
        total.claimed += step.claimed;
        if (!step.ran || step.claimed < AGGREGATION_BATCH) break;
      }
      return total;
    })();
    try {
      return await this.aggregating;
    } finally {
      this.aggregating = undefined;
    }
  }

  /** The current period of every date part (hour, day, week, month, year, total). */
  latest(scope: StatsScope): Promise<StatsEntry[]> {
    return periodSums(this.database.db, scope, currentPeriods(new Date(this.now())));
  }

  /** The last `periods` periods of a date part, the current one included. */
  history(scope: StatsScope, datePart: HistoryDatePart, periods = DEFAULT_STATS_PERIODS[datePart]) {
    const to = periodStart(datePart, new Date(this.now()));
    return historySums(this.database.db, scope, datePart, shiftPeriod(datePart, to, 1 - periods), to);
  }

  /** A `StatsQuery` answer: the latest rows, or a history when a date part is named. */
  query(scope: StatsScope, query: StatsQuery = {}): Promise<StatsEntry[]> {
    if (!query.date_part) return this.latest(scope);
    return this.history(scope, query.date_part, query.periods);
  }

  /** The whole service's latest rows for the public ticker, reused for a few seconds. */
  ticker(): Promise<StatsEntry[]> {
    const at = this.now();
    if (!this.tickerCache || at - this.tickerCache.at > TICKER_CACHE_MS || at < this.tickerCache.at) {
      const rows = this.latest({ kind: 'all' });
      this.tickerCache = { at, rows };
      // A failure is not kept: the next visitor asks again.
      rows.catch(() => {
        if (this.tickerCache?.rows === rows) this.tickerCache = undefined;
      });
    }
    return this.tickerCache.rows;
  }
}
