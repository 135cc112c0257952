// What a route tells the usage statistics about its calls (product spec §1): its `config.stats`
// and, from its handler, the slugs answered and the series worked on. Routes of any area declare
// these; the stats area's hooks record them.
import type { FastifyRequest } from 'fastify';

/** The generation calls the statistics count. */
export type StatsEvent = 'forge' | 'mint' | 'slice' | 'reset';

declare module 'fastify' {
  interface FastifyRequest {
    /** Slugs in the answer of a counted call (see countedSlugs; streams: counted as they pass). */
    statsSlugs: number;
    /** The series a counted call worked on, as its handler resolved it (see countedSeries). */
    statsSeriesId: string | null;
  }
  interface FastifyContextConfig {
    /** The route's successful calls are counted in the usage statistics (see CountedCall). */
    stats?: CountedCall;
  }
}

/**
 * How statistics count a route's calls (product spec §1): its `config.stats`. A call with an
 * API or SDK key counts for the key, a console call for the caller's organisation. The series is
 * the one the handler resolved (countedSeries: an org key naming none works on the default
 * series), else the key's, else the one the body's `series` or the path's `:series` names.
 */
export interface CountedCall {
  event: StatsEvent;
  /** Answers newline-delimited slugs, counted as they pass; else the handler reports them (countedSlugs). */
  stream?: boolean;
}

/**
 * The slugs a counted call answers, as statistics record them: its handler passes its answer
 * through here. (A preSerialization hook could see the answer too, but costs every call a run of
 * Fastify's hook machinery, about 1 % of a forge's time.)
 */
export function countedSlugs<T extends readonly unknown[]>(request: FastifyRequest, slugs: T): T {
  request.statsSlugs = slugs.length;
  return slugs;
}

/**
 * The series a counted call works on, as statistics record it: its handler passes the id it
 * resolved through here. Only the handler knows it when the call names none (the default series),
 * and an id needs no slug look-up when the minute's counts are written.
 */
export function countedSeries<T extends string>(request: FastifyRequest, seriesId: T): T {
  request.statsSeriesId = seriesId;
  return seriesId;
}
