/**
 * Reliability: two server processes on one PostgreSQL database, 32 concurrent clients minting one
 * series until 1,000,000 slugs were handed out; one server is killed with SIGKILL midway and
 * restarted. Checks: no slug is handed out twice, and the series counter equals the slugs handed
 * out plus at most the reservations of the requests the kill cut off.
 *
 *   npm run test:reliability -w @slugsmith/server     (DATABASE_URL or TEST_DATABASE_URL)
 */
import { randomBytes } from 'node:crypto';
import {
  dropSchema,
  freePort,
  post,
  type ServerProcess,
  seedOrgAndKey,
  seriesCounter,
  startServer,
  stopServer,
} from './support.js';

const TARGET = Number(process.env.RELIABILITY_TARGET ?? 1_000_000);
const CLIENTS = 32;
const MAX_PER_REQUEST = 1000;
// No two word placeholders are neighbours, so no position is skipped as awkward: every position
// reserved is either handed out or lost to the kill.
const PATTERN = '{adjective}-{number:4d}-{noun}-{number:4d}';

async function main() {
  const schema = `rel_${randomBytes(4).toString('hex')}`;
  const ports = [await freePort(), await freePort()];
  const servers: (ServerProcess | undefined)[] = [];
  const started = Date.now();
  try {
    servers[0] = await startServer(schema, ports[0]);
    servers[1] = await startServer(schema, ports[1]);
    const { apiKey } = await seedOrgAndKey(schema);
    const created = await post(`${servers[0].url}/api/v1/gen/series`, apiKey, {
      name: 'Reliability',
      pattern: PATTERN,
    });
    if (created.status !== 201) throw new Error(`series: ${created.status} ${await created.text()}`);
    const series = ((await created.json()) as { slug: string }).slug;

    const seen = new Set<string>();
    let duplicates = 0;
    let handedOut = 0;
    let budget = TARGET; // slugs not yet asked for
    let cutOff = 0; // slugs asked for by requests that failed (their reservation may be lost)
    let failedRequests = 0;
    let requests = 0;
    const up = [true, true];
    let killed = false;
    let afterRestart = 0;

    async function killAndRestart() {
      killed = true;
      const victim = servers[1] as ServerProcess;
      up[1] = false;
      console.log(`killing server 2 (SIGKILL) at ${handedOut} slugs`);
      await stopServer(victim, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
      servers[1] = await startServer(schema, ports[1]);
      up[1] = true;
      console.log(`server 2 restarted at ${handedOut} slugs`);
    }

    let restart: Promise<void> | undefined;
    async function client(id: number) {
      let turn = id;
      while (budget > 0) {
        const count = Math.min(MAX_PER_REQUEST - (turn % 7) * 50, budget);
        budget -= count;
        const which = turn % 2;
        turn++;
        // Clients of the killed server wait for its restart (the others carry on), so that the
        // restarted process serves the second part of the run too.
        if (!up[which]) await restart;
        const server = servers[which] as ServerProcess;
        requests++;
        try {
          const r = await post(`${server.url}/api/v1/gen/mint`, apiKey, { series, count });
          if (r.status !== 200) throw new Error(`mint ${r.status}: ${await r.text()}`);
          const slugs = (await r.json()) as string[];
          if (slugs.length !== count) throw new Error(`asked ${count}, got ${slugs.length}`);
          for (const s of slugs) {
            if (seen.has(s)) duplicates++;
            else seen.add(s);
          }
          handedOut += slugs.length;
          if (which === 1 && killed) afterRestart += slugs.length;
        } catch (error) {
          // Only requests to the server being killed may fail.
          if (which !== 1 || !killed) throw error;
          failedRequests++;
          cutOff += count;
          budget += count;
        }
        if (!killed && handedOut >= TARGET / 3) restart = killAndRestart();
      }
    }

    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    await restart;
    const counter = await seriesCounter(schema, series);
    const lost = counter - BigInt(handedOut);
    const result = {
      slugs: handedOut,
      unique: seen.size,
      duplicates,
      requests,
      failed_requests_at_kill: failedRequests,
      cut_off_reservations_max: cutOff,
      slugs_from_restarted_server: afterRestart,
      counter: counter.toString(),
      lost_positions: lost.toString(),
      seconds: (Date.now() - started) / 1000,
    };
    console.log(JSON.stringify(result));
    const ok =
      duplicates === 0 &&
      handedOut === TARGET &&
      seen.size === TARGET &&
      lost >= 0n &&
      lost <= BigInt(cutOff) &&
      killed &&
      afterRestart > 0;
    if (!ok) {
      console.error('FAILED');
      process.exitCode = 1;
    } else console.log('OK: no duplicates; counter = handed out + at most the cut-off reservations');
  } finally {
    for (const s of servers) if (s) await stopServer(s);
    await dropSchema(schema);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
