import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { OpenStream } from '../src/areas/generate/stream-gate.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { customPlan } from './support/plans.js';

/**
 * Streams hold a connection, a producer and buffers until their client has read them: a client
 * that does not read stops the producer where it is (backpressure), and how many streams one key,
 * and the node in all, may hold open at once is bounded (then 429 with Retry-After).
 */

const LONG_PATTERN = '{adjective}-{adjective}-{noun}-{noun}-{number:8d}';
const MILLION = 1_000_000;

interface OpenedStream {
  response: http.IncomingMessage;
  /** Bytes received so far (while flowing). */
  received(): number;
  close(): void;
}

/** Opens a stream and stops reading at once: the client's socket is left to fill. */
function openUnread(port: number, key: string, path: string, body: unknown): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'x-api-key': key },
      },
      (response) => {
        response.pause();
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
        });
        resolve({ response, received: () => received, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The body of a refused stream (not paused: it is short). */
async function text(response: http.IncomingMessage): Promise<string> {
  response.resume();
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the connection is blocked (the kernel's buffers are full: nothing drains while the
 * client does not read) and the producer's position has not moved for `quietPolls` polls in a
 * row. A producer that never stops keeps moving until it is done, and the test fails on its count.
 */
async function stalled(stream: OpenStream, quietPolls = 10): Promise<number> {
  let last = -1;
  let quiet = 0;
  while (quiet < quietPolls) {
    await tick(100);
    if (stream.blocked() && stream.produced === last) quiet++;
    else {
      quiet = 0;
      last = stream.produced;
    }
  }
  return last;
}

for (const kind of testDatabases) {
  describe(`[${kind}] streams under bounds`, () => {
    let ctx: TestContext;
    let port = 0;
    let key = '';
    let otherKey = '';
    beforeAll(async () => {
      const config = testConfig(kind, { STREAMS_PER_KEY: '2', STREAMS_PER_NODE: '3' });
      ctx = new TestContext(await buildApp(config), config);
      const a = await orgWithOwner(ctx, 'streams');
      await customPlan(ctx, a.org, {
        max_forge_per_stream_request: -1,
        max_forge_per_day: -1,
        max_forge_per_month: -1,
      });
      key = (await a.apiKey({ scopes: ['forge'] })).key;
      otherKey = (await a.apiKey({ scopes: ['forge'] })).key;
      await ctx.app.server.listen({ host: '127.0.0.1', port: 0 });
      port = (ctx.app.server.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
    });

    const forgeStream = (k: string, count = MILLION) =>
      openUnread(port, k, '/api/v1/gen/forge/stream', { pattern: LONG_PATTERN, count });

    it('stops producing while the client does not read, and goes on when it does', async () => {
      const opened = await forgeStream(key);
      expect(opened.response.statusCode).toBe(200);
      const [stream] = ctx.app.server.streams.list();
      const position = await stalled(stream);
      // About 45 bytes a slug: the kernel's socket buffers hold a few megabytes at most, so the
      // producer stops far short of the million asked for.
      expect(position).toBeLessThan(MILLION / 2);
      // What this process holds for the stream is a chunk or two, not what the client left unread.
      expect(stream.buffered()).toBeLessThan(256 * 1024);
      await tick(1_000);
      expect(stream.produced).toBe(position);

      // Read to the end: every line arrives, and the stream's place is given back.
      const newlines = await new Promise<number>((resolve, reject) => {
        let n = 0;
        opened.response.on('data', (chunk: Buffer) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
        });
        opened.response.on('end', () => resolve(n));
        opened.response.on('error', reject);
        opened.response.resume();
      });
      expect(newlines).toBe(MILLION);
      expect(stream.produced).toBe(MILLION);
      await waitFor(() => ctx.app.server.streams.size === 0);
    });

    it('refuses a key its third stream at once, and the node its fourth', async () => {
      const held = await Promise.all([forgeStream(key), forgeStream(key)]);
      for (const h of held) expect(h.response.statusCode).toBe(200);
      const third = await forgeStream(key);
      expect(third.response.statusCode).toBe(429);
      expect(third.response.headers['retry-after']).toBe('5');
      expect(third.response.headers[RATE_LIMIT_HEADERS.reason]).toBe('rate-limit-exceeded');
      expect(JSON.parse(await text(third.response))).toMatchObject({
        message: 'Too many streams open at once for this key (maximum: 2)',
        details: { reason: 'rate-limit-exceeded', limit: 'streams_per_key', max: 2 },
      });

      // Another key still streams, up to the node's bound (3), and then nobody does.
      const other = await forgeStream(otherKey);
      expect(other.response.statusCode).toBe(200);
      const fourth = await forgeStream(otherKey);
      expect(fourth.response.statusCode).toBe(429);
      expect(JSON.parse(await text(fourth.response))).toMatchObject({
        details: { limit: 'streams_per_node', max: 3 },
      });

      // A client that goes away frees its place.
      for (const h of [...held, other]) h.close();
      await waitFor(() => ctx.app.server.streams.size === 0);
      const again = await forgeStream(key, 10);
      expect(again.response.statusCode).toBe(200);
      expect((await text(again.response)).split('\n').filter(Boolean)).toHaveLength(10);
    });

    it('gives the place back after every answer, an error answer too (in-process requests as well)', async () => {
      const call = (payload: Record<string, unknown>) =>
        ctx.app.server.inject({
          method: 'POST',
          url: '/api/v1/gen/forge/stream',
          headers: { 'x-api-key': key },
          payload: { pattern: '{noun}', count: 3, ...payload },
        });
      for (let i = 0; i < 5; i++) {
        expect((await call({})).statusCode).toBe(200);
        // Refused by its first batch, after the stream was admitted: past the pattern's capacity.
        const past = await call({ sequence: '999999999999' });
        expect(past.statusCode).toBe(409);
      }
      expect(ctx.app.server.streams.size).toBe(0);
    });

    it('N+1 streams opened at once on one key: exactly N are served', async () => {
      const opened = await Promise.all(Array.from({ length: 3 }, () => forgeStream(key)));
      const statuses = opened.map((o) => o.response.statusCode).sort();
      expect(statuses).toEqual([200, 200, 429]);
      for (const o of opened) o.close();
      await waitFor(() => ctx.app.server.streams.size === 0);
    });
  });
}

/** Polls until `done` holds (the test's own timeout bounds the wait). */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await tick(20);
}
