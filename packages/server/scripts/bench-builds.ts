/**
 * Compares server variants on `forge count=1` (API key, every counter active) at full load:
 * each variant is a compiled build (a copy of `dist`, e.g. before and after a change) with
 * optional switches (`dist:no-limits,no-stats`, see variant-server.mjs), started BENCH_PROCESSES
 * times (default 3) as `npm start` starts it, all on one PostgreSQL schema. Every round
 * loads each process in turn (the order turns by one each round) for BENCH_SECONDS; a variant
 * reports the medians over all runs of all its processes, and against the first variant the
 * median ratio of neighbouring runs (`rps_vs_first`, see pairedRatio).
 *
 * Why several processes: on this VM two processes of the same build differ by up to ±10 % in
 * CPU per request for their whole life (what V8 optimised, and how, depends on timing), which is
 * as much as most changes are worth; a median over processes and rounds is steady to a few %.
 *
 *   cp -r dist dist-before; (change); npm run build -w @slugsmith/server
 *   npx tsx scripts/bench-builds.ts dist-before dist      (BENCH_SECONDS, BENCH_ROUNDS, BENCH_PROCESSES)
 */
import { randomBytes } from 'node:crypto';
import { compareVariants, FORGE_BODY, METERED, PROCESSES, pairedRatio, ROUNDS, type Target } from './load.js';
import {
  asStarted,
  dropSchema,
  freePort,
  type ServerProcess,
  seedOrgAndKey,
  startServer,
  stopServer,
  variantArgs,
} from './support.js';

async function main(specs: string[]) {
  if (specs.length === 0) throw new Error('usage: bench-builds.ts <dist dir>[:no-limits,no-stats] …');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const servers: { spec: string; server: ServerProcess }[] = [];
  try {
    // One after the other: the first migrates and seeds the schema.
    for (let p = 0; p < PROCESSES; p++) {
      for (const spec of specs) {
        const args = asStarted('scripts/variant-server.mjs', ...variantArgs(spec));
        servers.push({
          spec,
          server: await startServer(schema, await freePort(), { LOG_LEVEL: 'error' }, args),
        });
      }
    }
    const { apiKey } = await seedOrgAndKey(schema, METERED);
    const forgeAt = (spec: string, server: ServerProcess): Target => ({
      title: spec,
      url: `${server.url}/api/v1/gen/forge`,
      pid: server.child.pid as number,
      headers: { 'x-api-key': apiKey },
      body: FORGE_BODY,
    });
    const comparison = await compareVariants(
      specs.map((spec) => servers.filter((s) => s.spec === spec).map((s) => forgeAt(spec, s.server))),
    );
    const summary = Object.fromEntries(
      specs.map((spec, i) => {
        const m = comparison.medians[i];
        return [
          spec,
          {
            rps: m.rps,
            cpu_us: m.cpuUs,
            // The median over neighbouring runs of this variant's and the first's (pairedRatio).
            rps_vs_first: Number(pairedRatio(comparison, 0, i, (r) => r.rps).median.toFixed(3)),
            p99_ms: m.p99,
            non2xx: m.non2xx,
          },
        ];
      }),
    );
    console.log(JSON.stringify({ ...summary, processes: PROCESSES, rounds: ROUNDS }));
  } finally {
    for (const { server } of servers) await stopServer(server);
    await dropSchema(schema);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
