import type { AddressInfo } from 'node:net';
import { Slugsmith } from '@slugsmith/sdk';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CONSOLE_PURPOSE, ensureConsoleConfig } from '../src/areas/sdk/console.js';
import { organisations, sdkConfigs, sdkKeys, systemOrganisations } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';
import { signedHeaders } from './support/keys.js';

/**
 * The anonymous web console (product spec §4 "Generator client"): the server owns a
 * public SDK config whose keys only its own origins may fetch and which may only forge.
 */
describeEachDatabase('public console config', (ctx) => {
  let baseUrl = '';
  const consoleOrigin = 'http://127.0.0.1:8080'; // PUBLIC_URL of the test configuration
  beforeAll(async () => {
    await ctx().app.server.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx().app.server.server.address() as AddressInfo).port}`;
  });

  /** A browser on `origin`: every request carries its Origin header, like fetch in a page. */
  function browserFetch(origin: string): typeof fetch {
    return (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('origin', origin);
      return fetch(input, { ...init, headers });
    };
  }

  it('an anonymous browser on the public origin gets the config, its keys, and slugs', async () => {
    const answer = await ctx().request('GET', '/api/v1/console-config');
    expect(answer).toMatchObject({
      status: 200,
      body: { sdk_config: 'slugsmith-console', scopes: ['forge'] },
    });
    const client = await Slugsmith.fromBackend({
      baseUrl,
      sdkConfig: answer.body.sdk_config,
      fetch: browserFetch(consoleOrigin),
    });
    try {
      const slugs = await client.forge({ pattern: '{adjective}-{noun}', count: 3 });
      expect(slugs).toHaveLength(3);
      expect((await client.patternInfo('{noun}')).capacity).toMatch(/^\d+$/);
      expect((await client.dictionaryInfo()).length).toBeGreaterThan(0);
      expect((await client.dictionaryTags()).length).toBeGreaterThan(0);
      // The plan behind it: the inactive public-console plan, with SDK access.
      expect(await client.limits()).toMatchObject({ sdk_access: true, mint_enabled: false });
      // Mint needs a scope the console config does not have: final, no key refresh.
      await expect(client.mint({ count: 1, series: 'anything' })).rejects.toMatchObject({
        status: 401,
        message: 'Authentication failed: Insufficient permissions',
      });
    } finally {
      client.close();
    }
  });

  it('refuses the keys and signed calls from an origin it does not know', async () => {
    const jwks = await ctx().request('POST', '/api/v1/jwks', {
      body: { config: 'slugsmith-console' },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(jwks).toMatchObject({ status: 403, body: { message: 'Origin not allowed' } });
    const allowed = await ctx().request('POST', '/api/v1/jwks', {
      body: { config: 'slugsmith-console' },
      headers: { origin: consoleOrigin },
    });
    // Automatic rotation: the key of the current period (its successor overlaps from the next).
    expect(allowed.status).toBe(200);
    expect(allowed.body.length).toBeGreaterThanOrEqual(1);
    expect(allowed.body[0].effective_to).not.toBeNull();
    const key = allowed.body[0];
    const headers = signedHeaders(key.jwk, 'slugsmith-console', 'POST', '/api/v1/gen/forge');
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      body: { pattern: '{noun}', count: 1 },
      headers: { ...headers, origin: 'https://elsewhere.example' },
    });
    expect(forged).toMatchObject({ status: 401, body: { message: 'Origin not allowed' } });
    await expect(
      Slugsmith.fromBackend({
        baseUrl,
        sdkConfig: 'slugsmith-console',
        fetch: browserFetch('https://elsewhere.example'),
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('is ensured idempotently: same organisation and config, origins and period follow the configuration', async () => {
    const db = ctx().app.database.db;
    const orgsBefore = await db.select().from(systemOrganisations);
    const [before] = await db.select().from(sdkConfigs).where(eq(sdkConfigs.slug, 'slugsmith-console'));
    const keysBefore = await db.select().from(sdkKeys).where(eq(sdkKeys.configId, before.id));

    const slug = await ensureConsoleConfig(db, {
      origins: [consoleOrigin, 'http://localhost:5173'],
      rotation: '24h',
    });
    expect(slug).toBe('slugsmith-console');
    const [sameOrigins] = await db.select().from(sdkConfigs).where(eq(sdkConfigs.id, before.id));
    expect(sameOrigins.origins).toEqual(['http://127.0.0.1:8080', 'http://localhost:5173']);
    // Origins alone do not touch the keys; a new period replaces them.
    expect((await db.select().from(sdkKeys).where(eq(sdkKeys.configId, before.id))).map((k) => k.id)).toEqual(
      keysBefore.map((k) => k.id),
    );
    await ensureConsoleConfig(db, { origins: [consoleOrigin], rotation: '12h' });
    const [rotated] = await db.select().from(sdkConfigs).where(eq(sdkConfigs.id, before.id));
    expect(rotated).toMatchObject({ period: '12h', periodSeconds: 43_200, origins: [consoleOrigin] });
    const keysAfter = await db.select().from(sdkKeys).where(eq(sdkKeys.configId, before.id));
    expect(keysAfter.map((k) => k.id)).not.toContain(keysBefore[0].id);

    const orgsAfter = await db.select().from(systemOrganisations);
    expect(orgsAfter).toEqual(orgsBefore);
    const [org] = await db
      .select()
      .from(organisations)
      .innerJoin(systemOrganisations, eq(systemOrganisations.orgId, organisations.id))
      .where(and(eq(systemOrganisations.purpose, CONSOLE_PURPOSE)));
    expect(org.organisations.slug).toBe('slugsmith-console');
    await ensureConsoleConfig(db, { origins: [consoleOrigin], rotation: '24h' });
  });

  it('is listed in OpenAPI as a public route', async () => {
    const doc = await ctx().request('GET', '/api/openapi.json');
    const route = doc.body.paths['/api/v1/console-config'].get;
    expect(route.security).toEqual([]);
    expect(route.responses['200']).toBeDefined();
  });
});
