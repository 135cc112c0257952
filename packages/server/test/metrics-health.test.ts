import { readFile } from 'node:fs/promises';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testConfig, testDatabases, testDatabaseUrl } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { type Family, parsePrometheusText } from './support/prometheus-text.js';

/** Issue 36 item 4: /metrics in Prometheus's text format, /healthz and /readyz. */

type Families = Map<string, Family>;

async function scrape(app: App, headers: Record<string, string> = {}): Promise<Families> {
  const response = await app.server.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(response.body);
}

function family(families: Families, name: string): Family {
  const found = families.get(name);
  if (!found) throw new Error(`no ${name} in ${[...families.keys()].join(', ')}`);
  return found;
}

/** The value of the sample `sample` (default: the family's own name) whose labels include `labels`. */
function value(families: Families, name: string, labels: Record<string, string> = {}, sample = name): number {
  const found = family(families, name).samples.find(
    (s) => s.name === sample && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (!found) throw new Error(`no ${sample} ${JSON.stringify(labels)}`);
  return found.value;
}

for (const kind of testDatabases) {
  describe(`[${kind}] /metrics with METRICS=on, /healthz and /readyz`, () => {
    let ctx: TestContext;
    beforeAll(async () => {
      const config = testConfig(kind, { METRICS: 'on' });
      ctx = new TestContext(await buildApp(config), config);
    });
    afterAll(async () => closeApp(ctx.app, ctx.config));

    it('answers liveness and readiness with every check ok', async () => {
      const live = await ctx.request('GET', '/healthz');
      expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
      const ready = await ctx.request('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
      expect(ready.headers['cache-control']).toBe('no-store');
    });

    it('times requests by route pattern and status class, and counts slugs by operation', async () => {
      const { apiKey } = await orgWithOwner(ctx, 'metrics');
      const key = (await apiKey({})).key;
      const forge = (count: number) =>
        ctx.request('POST', '/api/v1/gen/forge', {
          headers: { 'x-api-key': key },
          body: { pattern: '{adjective}-{noun}', count },
        });
      const before = await scrape(ctx.app);
      const slugsBefore = family(before, 'slugsmith_slugs_generated_total').samples.length
        ? value(before, 'slugsmith_slugs_generated_total', { operation: 'forge' })
        : 0;
      expect((await forge(7)).status).toBe(200);
      expect((await forge(5)).status).toBe(200);
      expect((await forge(0)).status).toBe(400);
      // Two unknown document ids: one series under the pattern, none per raw URL.
      await ctx.request('GET', '/api/v1/docs/no-such-document');
      await ctx.request('GET', '/api/v1/docs/another-missing-one');

      const after = await scrape(ctx.app);
      expect(value(after, 'slugsmith_slugs_generated_total', { operation: 'forge' }) - slugsBefore).toBe(12);
      const requests = 'slugsmith_http_request_duration_seconds';
      expect(family(after, requests).type).toBe('histogram');
      const count = (labels: Record<string, string>) => value(after, requests, labels, `${requests}_count`);
      const forgeOk = { method: 'POST', route: '/api/v1/gen/forge', status_class: '2xx' };
      expect(count(forgeOk)).toBe(2);
      expect(count({ ...forgeOk, status_class: '4xx' })).toBe(1);
      expect(value(after, requests, forgeOk, `${requests}_sum`)).toBeGreaterThan(0);
      expect(count({ route: '/api/v1/docs/:id', status_class: '4xx' })).toBe(2);
      const routes = family(after, requests).samples.map((m) => m.labels.route);
      expect(routes.some((r) => r?.includes('no-such-document'))).toBe(false);
    });

    it('reports the event loop, the heap, the database, the pool and the webhook queue', async () => {
      const families = await scrape(ctx.app);
      expect(value(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(value(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(10 * 1024 * 1024);
      expect(value(families, 'slugsmith_ready')).toBe(1);
      expect(value(families, 'slugsmith_database_up')).toBe(1);
      expect(value(families, 'slugsmith_database_round_trip_seconds')).toBeGreaterThan(0);
      expect(value(families, 'slugsmith_billing_events_open', { state: 'received' })).toBe(0);
      expect(value(families, 'slugsmith_billing_events_failed_total')).toBe(0);
      if (kind === 'postgres') {
        const pooled = family(families, 'slugsmith_database_pool_clients').samples;
        expect(pooled.map((m) => m.labels.state).sort()).toEqual(['idle', 'in_use']);
        expect(value(families, 'slugsmith_database_pool_waiting')).toBe(0);
      } else {
        expect(families.has('slugsmith_database_pool_clients')).toBe(false);
      }
    });

    it('has every metric the Grafana dashboard queries, each documented in docs/metrics.md', async () => {
      const dashboard = await readFile(new URL('../docs/grafana-dashboard.json', import.meta.url), 'utf8');
      const docs = await readFile(new URL('../docs/metrics.md', import.meta.url), 'utf8');
      const queried = new Set(
        [...dashboard.matchAll(/\b((?:slugsmith|nodejs|process)_[a-z0-9_]+)/g)].map(([, name]) =>
          (name as string).replace(/_(bucket|count|sum)$/, ''),
        ),
      );
      const families = await scrape(ctx.app);
      // Only on an install (LICENSE), and only on PostgreSQL (a connection pool).
      const conditional = ['slugsmith_licence_', ...(kind === 'pglite' ? ['slugsmith_database_pool_'] : [])];
      expect(queried.size).toBeGreaterThan(10);
      for (const name of queried) {
        expect(docs, name).toContain(`\`${name}`);
        if (!conditional.some((prefix) => name.startsWith(prefix)))
          expect(families.has(name), name).toBe(true);
      }
    });

    it('serves loopback callers only: another address or a forwarded request is refused', async () => {
      const remote = await ctx.app.server.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '192.0.2.7',
      });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().message).toMatch(/METRICS_TOKEN/);
      const forwarded = await ctx.request('GET', '/metrics', { headers: { 'x-forwarded-for': '192.0.2.7' } });
      expect(forwarded.status).toBe(403);
    });
  });
}

describe('/metrics switches', () => {
  const apps: { app: App; config: Config }[] = [];
  const build = async (env: Record<string, string>) => {
    const config = testConfig('pglite', env);
    const app = await buildApp(config);
    apps.push({ app, config });
    return app;
  };
  afterAll(async () => {
    for (const { app, config } of apps) await closeApp(app, config);
  });

  it('is off by default: no /metrics, while health and readiness answer', async () => {
    const app = await build({});
    expect((await app.server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, answers the bearer of the token from anywhere and no one else', async () => {
    const token = 'metrics-token-0123456789';
    const app = await build({ METRICS_TOKEN: token });
    const get = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.server.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const none = await get({});
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await get({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await get({ authorization: `Basic ${token}` })).statusCode).toBe(401);
    const remote = await get({ authorization: `Bearer ${token}` }, '192.0.2.7');
    expect(remote.statusCode).toBe(200);
    expect(parsePrometheusText(remote.body).size).toBeGreaterThan(10);
  });

  it('METRICS=off wins over a token; a short token is refused at start', async () => {
    const app = await build({ METRICS: 'off', METRICS_TOKEN: 'metrics-token-0123456789' });
    expect((await app.server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(() => testConfig('pglite', { METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

/** A TCP proxy to PostgreSQL that the test stops (the database "goes away") and starts again. */
class DatabaseProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  async start(): Promise<void> {
    const target = new URL(testDatabaseUrl);
    const server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    // The same port again after a stop: the app's pool keeps its connection string.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as AddressInfo).port;
  }

  /** Stops listening and cuts every connection through it. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  get listening(): boolean {
    return this.server?.listening ?? false;
  }

  get url(): string {
    const url = new URL(testDatabaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }
}

describe.runIf(testDatabases.includes('postgres'))('[postgres] readiness when the database goes away', () => {
  const proxy = new DatabaseProxy();
  let app: App;
  let config: Config;
  beforeAll(async () => {
    await proxy.start();
    config = testConfig('postgres', { DATABASE_URL: proxy.url, METRICS: 'on' });
    app = await buildApp(config);
  });
  afterAll(async () => {
    if (!proxy.listening) await proxy.start();
    await closeApp(app, config);
    await proxy.stop();
  });

  const readyz = async () => {
    const response = await app.server.inject({ method: 'GET', url: '/readyz' });
    return { status: response.statusCode, body: response.json() };
  };

  it('turns 503 with the reason while PostgreSQL is unreachable and 200 when it returns', async () => {
    expect((await readyz()).status).toBe(200);

    await proxy.stop();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'not ready',
      reason: expect.stringMatching(/^database: unreachable: /),
      checks: {
        database: expect.stringMatching(/^unreachable/),
        migrations: 'unknown (database unreachable)',
      },
    });
    // Liveness is the process, not its database.
    expect((await app.server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const families = await scrape(app);
    expect(value(families, 'slugsmith_database_up')).toBe(0);
    expect(value(families, 'slugsmith_ready')).toBe(0);

    await proxy.start();
    const back = await readyz();
    expect(back).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(value(await scrape(app), 'slugsmith_database_up')).toBe(1);
  });
});
