import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  freePort,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
} from '../scripts/support.js';
import { FREE_BEATS } from '../src/areas/install/node-slots.js';
import { testDatabases } from './support/app.js';
import { licenceKit } from './support/install.js';

/**
 * Two server PROCESSES of one install on a 1-node licence, started with different
 * LICENSE_HEARTBEAT_SECONDS (60 and 0.2). The fast node must not find the slow node's slot free
 * after 4 of its own beats (0.8 s): the slow node serves for 3 of its beats (180 s). The slot is
 * freed by its holder's interval, written in the shared database.
 */
describe.runIf(testDatabases.includes('postgres'))(
  '[postgres] nodes with different heartbeat intervals',
  () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    let kit: Awaited<ReturnType<typeof licenceKit>>;
    let slow: ServerProcess;
    let fast: ServerProcess;
    let apiKey: string;
    const FAST_S = 0.2;

    beforeAll(async () => {
      kit = await licenceKit();
      const licence = await kit.write('one-node.licence', kit.claims({ max_nodes: 1 }));
      const env = { LOG_LEVEL: 'error', LICENSE: licence, LICENSE_KEYS: kit.keysFile };
      slow = await startServer(schema, await freePort(), { ...env, LICENSE_HEARTBEAT_SECONDS: '60' });
      fast = await startServer(schema, await freePort(), {
        ...env,
        LICENSE_HEARTBEAT_SECONDS: String(FAST_S),
      });
      ({ apiKey } = await seedOrgAndKey(schema));
    }, 120_000);

    afterAll(async () => {
      await Promise.all([slow, fast].filter(Boolean).map((s) => stopServer(s)));
      await dropSchema(schema);
      await kit?.cleanup();
    });

    const serves = async (server: ServerProcess) => {
      const r = await fetch(`${server.url}/api/v1/gen/forge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ pattern: '{noun}', count: 1 }),
      });
      await r.arrayBuffer();
      return r.status === 200;
    };

    it('never both serve; the fast node takes the slot once the slow one stops cleanly', async () => {
      // Watch for 10 of the fast node's free bounds (8 s): it beats ~40 times meanwhile.
      const until = performance.now() + 10 * FREE_BEATS * FAST_S * 1000;
      let rounds = 0;
      while (performance.now() < until) {
        const [a, b] = await Promise.all([serves(slow), serves(fast)]);
        expect([a, b]).toEqual([true, false]);
        rounds++;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(rounds).toBeGreaterThan(20);
      await stopServer(slow);
      await expect.poll(() => serves(fast), { timeout: 15_000, interval: 100 }).toBe(true);
    }, 60_000);
  },
);
