import { randomUUID } from 'node:crypto';
import { type EffectiveLimits, RATE_LIMIT_HEADERS as H } from '@slugsmith/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlanLimits } from '../src/areas/limits/enforcer.js';
import { installPlanLimits } from '../src/areas/limits/hooks.js';
import { memoryStore } from '../src/areas/limits/store.js';
import { NO_PLAN_FEATURES } from '../src/areas/plans/features.js';
import { installStatsRecording } from '../src/areas/stats/hooks.js';
import { StatsService } from '../src/areas/stats/service.js';
import { installAccessControl } from '../src/auth/access.js';
import type { CallerKey } from '../src/auth/keys.js';
import { TokenError } from '../src/auth/tokens.js';
import { type Database, openDatabase } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { installCors } from '../src/platform/cors.js';
import { countedSlugs } from '../src/platform/counted-calls.js';
import { ApiError, installErrorHandling } from '../src/platform/errors.js';
import { testConfig } from './support/app.js';

/**
 * Limits, statistics and CORS follow from a route's own `config`: a route registered in an app
 * of its own, with the app's cross-cutting concerns installed as buildApp installs them, is
 * limited, counted and open to any origin when it declares so, and gets none of it otherwise.
 */

const consoleOrigin = 'https://console.example';
const customerOrigin = 'https://customer.example';
const secret = 'sk_route_config';
const orgId = randomUUID();
const key: CallerKey = {
  type: 'api-key',
  id: randomUUID(),
  slug: secret.slice(0, 10),
  orgId,
  orgSlug: 'route-config',
  seriesId: null,
  seriesSlug: null,
  scopes: ['forge'],
  enabled: true,
};
/** Forge allowed, at most 5 slugs a day. */
const plan: EffectiveLimits = {
  plan_type: 'saas',
  plan: 'test',
  plan_name: 'Test',
  custom_features: false,
  limits: {
    ...NO_PLAN_FEATURES,
    api_access: true,
    api_key_access: true,
    forge_enabled: true,
    req_per_minute: 100,
    burst_req_per_minute: 100,
    max_forge_per_request: -1,
    max_forge_per_day: 5,
    max_forge_per_month: -1,
    max_pattern_components: -1,
    max_pattern_complexity: -1,
  },
};

let database: Database;
let stats: StatsService;
let app: FastifyInstance;

// The day's quota is spent across the tests below: one frozen instant (the app's Date, not its
// timers) keeps a run across 00:00 UTC from starting a new day half-way.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  database = await openDatabase(testConfig('pglite').database);
  await migrate(database);
  app = Fastify();
  installErrorHandling(app);
  installAccessControl(app, {
    verifier: {
      verify: async () => {
        throw new TokenError('invalid');
      },
    },
    findAccount: async () => undefined,
    hasPendingAgreements: async () => false,
    findMembership: async () => undefined,
    authenticateKey: (request) => {
      if (request.headers['x-api-key'] !== secret) throw ApiError.unauthorized();
      return key;
    },
  });
  installPlanLimits(app, new PlanLimits({ store: memoryStore(), limitsOf: () => plan }));
  stats = new StatsService(database, app.log, { timers: false });
  installStatsRecording(app, stats);
  installCors(app, {
    origins: [consoleOrigin],
    methods: ['POST'],
    allowedHeaders: ['content-type', 'x-api-key'],
    exposedHeaders: Object.values(H),
    maxAgeSeconds: 600,
  });
  // Both answer `count` slugs; only the first says what applies to it.
  await app.register(
    async (area) => {
      area.post('/declared', {
        config: {
          access: { key: 'forge' },
          limits: { operation: 'forge', slugs: 'count' },
          stats: { event: 'forge' },
          cors: 'any-origin',
        },
        handler: async (request) => countedSlugs(request, slugs(request.body)),
      });
      area.post('/undeclared', {
        config: { access: { key: 'forge' } },
        handler: async (request) => countedSlugs(request, slugs(request.body)),
      });
    },
    { prefix: '/area' },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

function slugs(body: unknown): string[] {
  return Array.from({ length: (body as { count: number }).count }, (_, i) => `slug-${i}`);
}

const call = (route: string, count: number, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/area/${route}`,
    headers: { 'x-api-key': secret, ...headers },
    payload: { count },
  });

const preflight = (route: string, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: `/area/${route}`,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-api-key',
    },
  });

/** This organisation's recorded calls, as "event slugs/requests". */
async function recorded(): Promise<string[]> {
  await stats.recorder.flush();
  const rows = await database.rawTransaction((exec) =>
    exec(
      `SELECT event_type, sum(total_count)::int AS slugs, sum(request_count)::int AS requests
       FROM stats_minutes WHERE org_id = $1 GROUP BY event_type`,
      [orgId],
    ),
  );
  return rows.map((r) => `${r.event_type} ${r.slugs}/${r.requests}`);
}

describe('a route that declares limits, statistics and CORS in its config', () => {
  it('is held to the plan: rate-limit headers on each call, the daily quota refused once spent', async () => {
    const first = await call('declared', 2);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      [H.rpm]: '99',
      [H.daily]: '3',
      [H.monthly]: '-1',
      [H.lifetime]: '-1',
    });
    const over = await call('declared', 4);
    expect(over.statusCode).toBe(429);
    expect(over.headers).toMatchObject({ [H.daily]: '3', [H.reason]: 'daily-limit-exceeded' });
    expect(over.json()).toMatchObject({ code: 429, details: { limit: 'max_forge_per_day', max: 5 } });
    expect((await call('declared', 3)).headers[H.daily]).toBe('0');
  });

  it('is counted in the statistics: its successful calls only, with their slugs', async () => {
    expect(await recorded()).toEqual(['forge 5/2']);
  });

  it('answers browsers on any origin, preflights included', async () => {
    const answer = await call('declared', 0, { origin: customerOrigin });
    expect(answer.headers['access-control-allow-origin']).toBe(customerOrigin);
    expect(answer.headers['access-control-expose-headers']).toContain(H.daily);
    const options = await preflight('declared', customerOrigin);
    expect(options.statusCode).toBe(204);
    expect(options.headers).toMatchObject({
      'access-control-allow-origin': customerOrigin,
      'access-control-allow-methods': 'POST',
    });
  });
});

// After the calls above, which spent the day's quota.
describe('a route that declares none of them', () => {
  it('is not limited: no rate-limit headers, and the spent quota does not refuse it', async () => {
    const answer = await call('undeclared', 10);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveLength(10);
    for (const name of Object.values(H)) expect(answer.headers, name).not.toHaveProperty(name);
  });

  it('is not counted', async () => {
    const before = await recorded();
    expect((await call('undeclared', 1)).statusCode).toBe(200);
    expect(await recorded()).toEqual(before);
  });

  it("answers only the console's origins", async () => {
    const other = await call('undeclared', 1, { origin: customerOrigin });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await preflight('undeclared', customerOrigin);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const fromConsole = await call('undeclared', 1, { origin: consoleOrigin });
    expect(fromConsole.headers['access-control-allow-origin']).toBe(consoleOrigin);
  });
});
