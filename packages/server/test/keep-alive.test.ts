import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

/**
 * Issue 30, item 3: an idle keep-alive connection, a connection that falls silent and one that has
 * carried its share of requests are each closed as configured (set small here); what Node refuses
 * before any route answers in the house's error format.
 */

const KEEP_ALIVE_MS = 500;
const IDLE_MS = 1000;
const PER_SOCKET = 3;

const ping = 'GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** A raw connection: what it received, and when the server closed it. */
function open(port: number) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let received = '';
  const waiters: (() => void)[] = [];
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (const w of waiters.splice(0)) w();
  });
  socket.on('error', () => {});
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    connected,
    closedAt,
    received: () => received,
    /** Resolves once `count` answers have arrived in all. */
    async answers(count: number) {
      while ((received.match(/HTTP\/1\.1 /g) ?? []).length < count) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

describe('keep-alive, idle and per-connection bounds', () => {
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    const config = testConfig('pglite', {
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      IDLE_TIMEOUT_MS: String(IDLE_MS),
      MAX_REQUESTS_PER_SOCKET: String(PER_SOCKET),
      HEADERS_TIMEOUT_MS: '20000',
      REQUEST_TIMEOUT_MS: '20000',
    });
    ctx = new TestContext(await buildApp(config), config);
    await ctx.app.server.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  it('closes an idle keep-alive connection after the keep-alive time-out', async () => {
    const c = open(port);
    await c.connected;
    c.socket.write(ping);
    await c.answers(1);
    const answeredAt = performance.now();
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(c.received().toLowerCase()).toContain('keep-alive: timeout=');
    const after = (await c.closedAt) - answeredAt;
    // Closed by the keep-alive time-out (Node allows up to a second more), not held for the 72 s
    // of Fastify's default.
    expect(after).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(after).toBeLessThan(KEEP_ALIVE_MS + 5000);
  });

  it(`ends a connection after ${PER_SOCKET} requests`, async () => {
    const c = open(port);
    await c.connected;
    for (let i = 1; i <= PER_SOCKET; i++) {
      c.socket.write(ping);
      await c.answers(i);
    }
    const answers = c.received().split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(PER_SOCKET);
    expect(answers.slice(0, -1).every((a) => /\r\nconnection: keep-alive\r\n/i.test(a))).toBe(true);
    expect(answers.at(-1)).toMatch(/\r\nconnection: close\r\n/i);
    await c.closedAt;
  });

  it('closes a connection that falls silent mid-request after the idle time-out', async () => {
    const c = open(port);
    await c.connected;
    const sentAt = performance.now();
    c.socket.write('GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const after = (await c.closedAt) - sentAt;
    // The header and request time-outs are 20 s here: the idle one closed it.
    expect(after).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(after).toBeLessThan(IDLE_MS + 5000);
  });

  it('answers headers too large and bytes that are not HTTP in the house format', async () => {
    const huge = open(port);
    await huge.connected;
    huge.socket.write(`GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await huge.closedAt;
    expect(huge.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.received().split('\r\n\r\n')[1] as string)).toEqual({
      code: 431,
      message: 'Request headers too large',
    });
    const garbage = open(port);
    await garbage.connected;
    garbage.socket.write('HELLO THERE\r\n\r\n');
    await garbage.closedAt;
    expect(garbage.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.received().split('\r\n\r\n')[1] as string)).toEqual({
      code: 400,
      message: 'Invalid format',
    });
  });
});
