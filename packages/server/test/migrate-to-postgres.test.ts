import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { CommandError } from '../src/cli/command.js';
import { migrateToPostgres } from '../src/cli/migrate-to-postgres.js';
import { openDatabase } from '../src/db/connect.js';
import { TestContext, testConfig, testDatabases, testDatabaseUrl } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { usePlaces } from './support/places.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * migrate-to-postgres (issue 36 item 2): an install on the embedded database moves to an empty
 * PostgreSQL schema, and two nodes on it serve the same install — every key, every token, every
 * series where it stood.
 */
describe.runIf(testDatabases.includes('postgres'))('migrate-to-postgres', () => {
  const places = usePlaces();

  it('moves organisations, series mid-sequence, keys and documents; two nodes continue every series', async () => {
    const embedded = await places.fresh('pglite');
    const before = new TestContext(await buildApp(embedded), embedded);
    const installs = [];
    for (const name of ['north', 'south']) {
      const a = await orgWithOwner(before, name);
      await unlimitedPlan(before, a.org);
      for (const pattern of ['{adjective}-{noun}-{number:4d}', '{noun}-{number:6d}']) {
        const s = await a.series(`${name} ${pattern}`, pattern);
        const key = await a.apiKey({ series: s.slug });
        installs.push({ owner: a.owner, org: a.org, series: s.slug, key: key.key });
      }
    }
    // Slugs are unique per series: each key's series keeps its own list.
    const minted = new Map<string, string[]>();
    const mint = async (ctx: TestContext, key: string, count: number) => {
      const r = await ctx.request('POST', '/api/v1/gen/mint', {
        body: { count },
        headers: { 'x-api-key': key },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      minted.set(key, [...(minted.get(key) ?? []), ...(r.body as string[])]);
      return r.body as string[];
    };
    for (const [i, s] of installs.entries()) await mint(before, s.key, 7 + i * 13);
    const docs = await before.request('GET', '/api/v1/docs');
    const positions = new Map<string, string>();
    for (const s of installs) {
      const info = await before.request('GET', `/api/v1/orgs/${s.org}/series/${s.series}`, {
        token: s.owner.token,
      });
      positions.set(s.series, info.body.generated_count);
    }
    await before.app.server.close();

    const schema = places.freshSchema();
    const onPostgres = { kind: 'postgres' as const, url: testDatabaseUrl, schema, poolMax: 2 };
    const source = await openDatabase(embedded.database);
    try {
      const target = await openDatabase(onPostgres);
      try {
        const counts = await migrateToPostgres(source, target);
        for (const table of ['organisations', 'series', 'api_keys', 'documents', 'plans', 'secrets']) {
          const row = counts.find((c) => c.table === table);
          expect(row?.source, table).toBeGreaterThan(0);
          expect(row?.target, table).toBe(row?.source);
        }
        // A second run finds the target holding an install and touches nothing.
        await expect(migrateToPostgres(source, target)).rejects.toThrow(CommandError);
        await expect(migrateToPostgres(source, target)).rejects.toThrow(/not empty/);
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }

    const config = testConfig('postgres', { DATABASE_SCHEMA: schema });
    const nodes = [
      new TestContext(await buildApp(config), config),
      new TestContext(await buildApp(config), config),
    ];
    try {
      expect((await nodes[1].request('GET', '/api/v1/docs')).body).toEqual(docs.body);
      for (const s of installs) {
        for (const node of nodes) {
          // The owner's token (signed by the embedded install's keys) and the series stand as they were.
          const info = await node.request('GET', `/api/v1/orgs/${s.org}/series/${s.series}`, {
            token: s.owner.token,
          });
          expect(info.status).toBe(200);
          expect(info.body.generated_count).toBe(positions.get(s.series));
        }
        // The next slug is the one at the position the series stood at: it continues, no gap, no repeat.
        const next = await nodes[0].request('POST', `/api/v1/orgs/${s.org}/series/${s.series}/slice`, {
          token: s.owner.token,
          body: { count: 1, sequence: Number(positions.get(s.series)) },
        });
        expect(await mint(nodes[0], s.key, 1)).toEqual(next.body);
        // Both nodes mint the series at once, through its key.
        await Promise.all(nodes.flatMap((node) => [mint(node, s.key, 5), mint(node, s.key, 5)]));
      }
      for (const [key, slugs] of minted) {
        expect(new Set(slugs).size, key).toBe(slugs.length);
        expect(slugs.length).toBeGreaterThan(20);
      }
    } finally {
      for (const node of nodes) await node.app.server.close();
    }
  });
});
