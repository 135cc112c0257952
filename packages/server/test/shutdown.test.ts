import type { IncomingMessage } from 'node:http';
import { signal, until } from '@slugsmith/test-support';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from './support/app.js';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then stops taking connections and closes the database', async () => {
    const config = testConfig('pglite');
    const app = await buildApp(config);
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });

    // Hold the database so that the request below is still running when close() starts.
    const held = signal();
    const holding = signal();
    const hold = app.database.rawTransaction(async () => {
      holding.resolve();
      await held.promise;
    });
    await holding.promise;

    // The server has the request (Fastify routes it in the same step) before close() starts.
    const arrived = signal();
    app.server.server.on('request', (request: IncomingMessage) => {
      if (request.url === '/api/v1/agreements/latest') arrived.resolve();
    });
    const inFlight = fetch(`${address}/api/v1/agreements/latest`);
    await arrived.promise;
    const closing = app.server.close();
    // Closing has begun (the listening socket is closed) while the request still waits.
    await until(() => !app.server.server.listening, 'the server stops listening');
    let closed = false;
    void closing.then(() => {
      closed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    held.resolve();
    await hold;

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(3);
    await closing;
    await expect(fetch(`${address}/api/v1/ping`)).rejects.toThrow();
    await expect(app.database.rawTransaction(async (exec) => exec('SELECT 1', []))).rejects.toThrow();
  });
});
