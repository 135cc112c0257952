import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from './support/app.js';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then stops taking connections and closes the database', async () => {
    const config = testConfig('pglite');
    const app = await buildApp(config);
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });

    // Hold the database so that the request below is still running when close() starts.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => {};
    const holdStarted = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const hold = app.database.rawTransaction(async () => {
      holding();
      await held;
    });
    await holdStarted;

    const inFlight = fetch(`${address}/api/v1/agreements/latest`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.server.close();
    await new Promise((r) => setTimeout(r, 100));
    release();
    await hold;

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(3);
    await closing;
    await expect(fetch(`${address}/api/v1/ping`)).rejects.toThrow();
    await expect(app.database.rawTransaction(async (exec) => exec('SELECT 1', []))).rejects.toThrow();
  });
});
