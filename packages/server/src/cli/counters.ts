import type { RawExec } from '../db/connect.js';
import { quoteIdent } from './catalogue.js';

/**
 * Counters after a restore. A backup is older than the install it replaces: slugs minted after the
 * snapshot were handed out, and a series must never hand them out again. Two sources, best first:
 *
 * - the database being replaced, when it still opens (`restore --replace`): its counters are the
 *   newest truth, and each series takes the larger of backup and live value, exactly;
 * - otherwise (the disk is gone) an estimate: each series moves forward by twice what it could
 *   have minted since the snapshot at its highest known rate — the larger of its lifetime average
 *   and its busiest minute and hour in the usage statistics — plus a fixed floor.
 *
 * Skipping positions costs only capacity; repeating one breaks uniqueness. A counter never moves
 * past the series' capacity (an exhausted series says so rather than wrap).
 */
export const RATE_SAFETY_FACTOR = 2;
export const MARGIN_FLOOR = 1000;
/** Sequences (short-link codes, invoice numbers) have no rate of their own: a fixed gap. */
export const SEQUENCE_GAP = 10_000;

/** What the database being replaced says: series id → generated, sequence → last value. */
export interface LiveCounters {
  series: Map<string, string>;
  sequences: Map<string, string>;
}

export interface CounterMove {
  org: string;
  series: string;
  from: string;
  to: string;
  source: 'live' | 'estimate';
  /** The wanted position lay past the capacity: the series is now exhausted. */
  exhausted: boolean;
}

/** Reads the counters of an install about to be replaced; empty where it has no such tables. */
export async function readLiveCounters(
  exec: RawExec,
  tables: Set<string>,
  sequences: string[],
): Promise<LiveCounters> {
  const live: LiveCounters = { series: new Map(), sequences: new Map() };
  if (tables.has('series')) {
    for (const row of await exec('SELECT id::text AS id, generated::text AS generated FROM series', [])) {
      live.series.set(String(row.id), String(row.generated));
    }
  }
  for (const name of sequences) {
    const [row] = await exec(`SELECT last_value::text AS value FROM ${quoteIdent(name)}`, []);
    live.sequences.set(name, String(row.value));
  }
  return live;
}

/** Moves every series counter and sequence of the restored data forward; returns the series moves. */
export async function advanceCounters(
  exec: RawExec,
  options: { takenAt: string; now: Date; live: LiveCounters; sequences: string[] },
): Promise<CounterMove[]> {
  const elapsedSeconds = Math.max(0, (options.now.getTime() - Date.parse(options.takenAt)) / 1000);
  const rows = await exec(
    `WITH live AS (
       SELECT key::uuid AS id, value::numeric AS generated FROM jsonb_each_text($1::jsonb)
     ), minutes AS (
       SELECT series_id, max(total) AS peak FROM (
         SELECT series_id, minute, sum(total_count) AS total FROM stats_minutes
         WHERE event_type = 'mint' GROUP BY series_id, minute) m
       GROUP BY series_id
     ), hours AS (
       SELECT series_id, max(total) AS peak FROM (
         SELECT series_id, period_start, sum(total_count) AS total FROM stats
         WHERE event_type = 'mint' AND date_part = 'hour' GROUP BY series_id, period_start) h
       GROUP BY series_id
     ), planned AS (
       SELECT s.id, s.generated AS before, l.id IS NOT NULL AS from_live,
         CASE WHEN l.id IS NOT NULL THEN GREATEST(s.generated, l.generated)
         ELSE s.generated + $5::numeric + ceil($4::numeric * $3::numeric * GREATEST(
           s.generated / GREATEST(extract(epoch FROM $2::timestamptz - s.created_at), 1),
           coalesce(mi.peak, 0) / 60.0,
           coalesce(h.peak, 0) / 3600.0))
         END AS wanted
       FROM series s
       LEFT JOIN live l ON l.id = s.id
       LEFT JOIN minutes mi ON mi.series_id = s.id
       LEFT JOIN hours h ON h.series_id = s.id
     )
     UPDATE series s SET generated = LEAST(p.wanted, s.capacity), updated_at = now()
     FROM planned p, organisations o
     WHERE p.id = s.id AND o.id = s.org_id AND LEAST(p.wanted, s.capacity) <> s.generated
     RETURNING o.slug AS org, s.slug AS series, p.before::text AS before, s.generated::text AS after,
       p.from_live, p.wanted > s.capacity AS exhausted`,
    [
      JSON.stringify(Object.fromEntries(options.live.series)),
      options.takenAt,
      elapsedSeconds,
      RATE_SAFETY_FACTOR,
      MARGIN_FLOOR,
    ],
  );
  for (const name of options.sequences) {
    const live = options.live.sequences.get(name);
    await exec(
      `SELECT setval($1::regclass, GREATEST(last_value + $2::bigint, $3::bigint), true) FROM ${quoteIdent(name)}`,
      [quoteIdent(name), live === undefined ? SEQUENCE_GAP : 0, live ?? '0'],
    );
  }
  return rows
    .map((r) => ({
      org: String(r.org),
      series: String(r.series),
      from: String(r.before),
      to: String(r.after),
      source: r.from_live === true ? ('live' as const) : ('estimate' as const),
      exhausted: r.exhausted === true,
    }))
    .sort((a, b) => `${a.org}/${a.series}`.localeCompare(`${b.org}/${b.series}`));
}
