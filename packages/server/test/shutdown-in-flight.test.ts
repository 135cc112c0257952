import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { signal } from '@slugsmith/test-support';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Shutdown order: requests in flight when the app closes (over sockets or by inject, plain or
 * streaming) all finish with their normal answer; nothing finds the database pool already ended.
 */
describe('shutdown with requests in flight', () => {
  for (const kind of testDatabases) {
    it(`[${kind}] answers every request in flight, then closes the database`, async () => {
      // Eight streams of one key at once: more than a key may hold by default (STREAMS_PER_KEY).
      const config = testConfig(kind, { LOG_LEVEL: 'warn', STREAMS_PER_KEY: '8' });
      const logs: string[] = [];
      const logStream = new PassThrough();
      logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
      const ctx = new TestContext(await buildApp(config, { logStream }), config);
      await ctx.app.server.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(ctx.app.server.server.address() as AddressInfo).port}`;

      const a = await orgWithOwner(ctx, 'shutdown');
      const { token } = await ctx.admin();
      await ctx.request('POST', `/api/v1/admin/orgs/${a.org}/subscriptions`, {
        token,
        body: { plan: 'enterprise' },
      });
      const series = await a.series('Orders');
      const key = await a.apiKey({});
      const headers = { 'x-api-key': key.key, 'content-type': 'application/json' };

      // Every kind of work that touches the database: mints (writes), streams that reserve batch
      // by batch, reads with a bearer token, and the same by inject (no socket to wait for).
      // One connection per request, closed after its answer (`agent: false`). A keep-alive
      // connection busy when close() starts stays open after its answer until the keep-alive timeout
      // (72 s), and close() waits for it: a server defect of its own, not what this test is about.
      const over = (path: string, body?: unknown, extra: Record<string, string> = {}) =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          const outgoing = request(
            base + path,
            { method: body === undefined ? 'GET' : 'POST', headers: { ...headers, ...extra }, agent: false },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
              );
              response.on('error', reject);
            },
          );
          outgoing.on('error', reject);
          outgoing.end(body === undefined ? undefined : JSON.stringify(body));
        });
      const injected = (path: string, body?: unknown) =>
        ctx.app.server
          .inject({
            method: body === undefined ? 'GET' : 'POST',
            url: path,
            headers,
            payload: body as object,
          })
          .then((r) => ({ status: r.statusCode, text: r.body }));
      // Settled at once: a request refused at the door is an outcome, not an unhandled rejection.
      const calls: Promise<PromiseSettledResult<{ status: number; text: string }>>[] = [];
      const add = (call: Promise<{ status: number; text: string }>) => {
        const settled = Promise.allSettled([call]).then(([r]) => r);
        calls.push(settled);
        return settled;
      };
      const streamed = kind === 'postgres' ? 2000 : 500;
      // Close once every request sent over a socket has reached the server (Fastify routes a
      // request in the step that emits 'request'): all of them are then in flight, none refused.
      const sent = 12;
      let arrivedCount = 0;
      const allArrived = signal();
      ctx.app.server.server.on('request', () => {
        if (++arrivedCount === sent) allArrived.resolve();
      });
      const overCalls: Promise<PromiseSettledResult<{ status: number; text: string }>>[] = [];
      for (let i = 0; i < 4; i++) {
        overCalls.push(add(over('/api/v1/gen/mint', { count: 50, series: series.slug })));
        overCalls.push(
          add(over('/api/v1/gen/mint/stream', { count: streamed, batch_size: 50, series: series.slug })),
        );
        overCalls.push(
          add(over(`/api/v1/orgs/${a.org}/series`, undefined, { authorization: `Bearer ${a.owner.token}` })),
        );
        add(injected('/api/v1/gen/mint', { count: 50, series: series.slug }));
        add(injected('/api/v1/gen/mint/stream', { count: streamed, batch_size: 50, series: series.slug }));
      }
      expect(overCalls).toHaveLength(sent);
      await allArrived.promise;
      await closeApp(ctx.app, config);
      const answers = await Promise.all(calls);
      // Those that had arrived all got their normal answer.
      expect(
        (await Promise.all(overCalls)).map((r) => (r.status === 'fulfilled' ? r.value.status : r.reason)),
      ).toEqual(overCalls.map(() => 200));

      const statuses = answers.map((r) => (r.status === 'fulfilled' ? r.value.status : 'no connection'));
      // Requests that reached the server before it closed got their normal answers; later ones
      // were refused at the door (503 or no connection), never a 500.
      expect(statuses.filter((s) => s === 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      for (const r of answers) {
        if (r.status !== 'fulfilled' || r.value.status !== 200 || !r.value.text.includes('\n')) continue;
        // A stream that started ran to its end: every line is a slug.
        expect(r.value.text.trim().split('\n')).toHaveLength(streamed);
      }
      const joined = logs.join('');
      expect(joined).not.toMatch(/pool after calling end|closed|terminated/i);
      expect(joined).not.toContain('"level":50');
    });
  }
});
