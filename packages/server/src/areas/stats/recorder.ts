import type { Database } from '../../db/connect.js';

import type { StatsEvent } from '../../platform/counted-calls.js';

/** Stands for "none": a forge has no series, a console call has no key. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** One finished generation call. */
export interface StatsCall {
  orgId: string;
  /** The series, when its id is known (resolved by the handler, or a series key's)… */
  seriesId: string | null;
  /** …or its slug in the organisation, resolved when the batch is written (no query per call). */
  seriesSlug?: string | null;
  keyId: string | null;
  event: StatsEvent;
  /** Slugs answered (for reset: 1, the series reset). */
  count: number;
  durationUs: number;
}

interface MinuteCounts {
  orgId: string;
  seriesId: string | null;
  seriesSlug: string | null;
  keyId: string;
  event: StatsEvent;
  minute: number;
  count: number;
  requests: number;
  durationUs: number;
}

/** What a row counts for: one minute of one owner's calls of one event on one series. */
type CallGroup = Pick<MinuteCounts, 'minute' | 'keyId' | 'orgId' | 'seriesId' | 'seriesSlug' | 'event'>;

function add(row: MinuteCounts, count: number, requests: number, durationUs: number): void {
  row.count += count;
  row.requests += requests;
  row.durationUs += durationUs;
}

/** One minute's rows: by owner (the key, or the organisation of a console call), series, event. */
type MinuteRows = Map<string, Map<string, Partial<Record<StatsEvent, MinuteCounts>>>>;

/**
 * Counts generation calls in memory, per (organisation, series, key, event, minute), and appends
 * them to `stats_minutes` with one multi-row insert per flush. Recording is a map update: the hot
 * path never waits for the database, and builds no key string (the ids it looks up by are the
 * caller's own strings, hashed once). A failed flush puts its counts back for the next one.
 */
export class StatsRecorder {
  private buffer = new Map<number, MinuteRows>();
  private rows = 0;
  /** The row added to last: a client calling again is counted without a lookup. */
  private last: MinuteCounts | undefined;
  private flushing: Promise<number> | undefined;

  constructor(
    private readonly database: Database,
    /** The clock (ms since the epoch); tests move it. */
    readonly now: () => number = Date.now,
  ) {}

  /** Calls waiting for the next flush, as distinct (org, series, key, event, minute) rows. */
  get pending(): number {
    return this.rows;
  }

  record(call: StatsCall): void {
    const minute = Math.floor(this.now() / 60_000) * 60_000;
    const keyId = call.keyId ?? NIL_UUID;
    const seriesId = call.seriesId;
    const seriesSlug = seriesId === null ? (call.seriesSlug ?? null) : null;
    let row = this.last;
    if (
      row === undefined ||
      row.minute !== minute ||
      row.keyId !== keyId ||
      row.orgId !== call.orgId ||
      row.seriesId !== seriesId ||
      row.seriesSlug !== seriesSlug ||
      row.event !== call.event
    ) {
      // A group object only when the client is not the one that called last.
      row = this.row({ minute, keyId, orgId: call.orgId, seriesId, seriesSlug, event: call.event });
      this.last = row;
    }
    add(row, call.count, 1, Math.max(0, Math.round(call.durationUs)));
  }

  /** The row of one call group (minute, owner, series, event), created empty when new. */
  private row(group: CallGroup): MinuteCounts {
    const { minute, keyId, orgId, seriesId, seriesSlug, event } = group;
    let owners = this.buffer.get(minute);
    if (!owners) {
      owners = new Map();
      this.buffer.set(minute, owners);
    }
    // A key belongs to one organisation; console calls (no key) are grouped by organisation. Key
    // and organisation ids are random UUIDs from one space: they do not meet.
    const owner = keyId === NIL_UUID ? orgId : keyId;
    let bySeries = owners.get(owner);
    if (!bySeries) {
      bySeries = new Map();
      owners.set(owner, bySeries);
    }
    // A series id, a slug (marked: an id has no '@') or none (forge).
    const series = seriesId ?? (seriesSlug === null ? '' : `@${seriesSlug}`);
    let events = bySeries.get(series);
    if (!events) {
      events = {};
      bySeries.set(series, events);
    }
    let row = events[event];
    if (!row) {
      row = { minute, keyId, orgId, seriesId, seriesSlug, event, count: 0, requests: 0, durationUs: 0 };
      events[event] = row;
      this.rows++;
    }
    return row;
  }

  /** Writes what was recorded so far; answers the number of rows written. One flush at a time. */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => {});
    if (this.rows === 0) return 0;
    const rows: MinuteCounts[] = [];
    for (const owners of this.buffer.values())
      for (const bySeries of owners.values())
        for (const events of bySeries.values()) for (const row of Object.values(events)) rows.push(row);
    this.buffer = new Map();
    this.rows = 0;
    this.last = undefined;
    this.flushing = this.write(rows).catch((error: unknown) => {
      for (const r of rows) add(this.row(r), r.count, r.requests, r.durationUs);
      throw error;
    });
    try {
      return await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async write(rows: MinuteCounts[]): Promise<number> {
    // One statement whatever the number of rows: the columns travel as arrays. Series named by
    // slug get their id here (a series deleted meanwhile counts as none).
    await this.database.rawTransaction((exec) =>
      exec(
        `INSERT INTO stats_minutes
           (org_id, series_id, key_id, event_type, minute, total_count, request_count, total_duration_us)
         SELECT u.org_id, coalesce(u.series_id, s.id, $10::uuid), u.key_id, u.event_type, u.minute,
                u.total_count, u.request_count, u.total_duration_us
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::timestamptz[],
                     $7::bigint[], $8::bigint[], $9::bigint[])
              AS u (org_id, series_id, series_slug, key_id, event_type, minute,
                    total_count, request_count, total_duration_us)
         LEFT JOIN series s ON u.series_id IS NULL AND s.org_id = u.org_id AND s.slug = u.series_slug`,
        [
          rows.map((r) => r.orgId),
          rows.map((r) => r.seriesId),
          rows.map((r) => r.seriesSlug),
          rows.map((r) => r.keyId),
          rows.map((r) => r.event),
          rows.map((r) => new Date(r.minute).toISOString()),
          rows.map((r) => String(r.count)),
          rows.map((r) => String(r.requests)),
          rows.map((r) => String(r.durationUs)),
          NIL_UUID,
        ],
      ),
    );
    return rows.length;
  }
}
