import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { licences, secrets } from '../src/db/schema.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { licenceKit } from './support/install.js';
import { orgWithOwner } from './support/keys.js';

/**
 * An on-premise install is not a licence issuer: it has its licence from its issuer, so the
 * issuer's routes (key set, revocation list, an organisation's licences, staff's licences and
 * signing keys) are not there. Answering them would make a signing key of the install's own.
 * The service's side of these routes: licences.test.ts, access.test.ts.
 */

/** Every route of the licences area (src/areas/licences/routes.ts), as a staff member calls it. */
const ISSUER_ROUTES = [
  ['GET', '/api/v1/licences/keys'],
  ['GET', '/api/v1/licences/revoked'],
  ['GET', '/api/v1/orgs/:org/licences'],
  ['GET', '/api/v1/orgs/:org/licences/:licence/file'],
  ['GET', '/api/v1/admin/licences'],
  ['GET', '/api/v1/admin/orgs/:org/licences'],
  ['POST', '/api/v1/admin/orgs/:org/licences'],
  ['POST', '/api/v1/admin/licences/:licence/revoke'],
  ['GET', '/api/v1/admin/licences/keys'],
  ['POST', '/api/v1/admin/licences/keys/rotate'],
] as const;

for (const kind of testDatabases) {
  describe(`[${kind}] an on-premise install issues no licences`, () => {
    let kit: Awaited<ReturnType<typeof licenceKit>>;
    let ctx: TestContext;

    beforeAll(async () => {
      kit = await licenceKit();
      const licence = await kit.write('acme.licence', kit.claims());
      const config = testConfig(kind, {
        LICENSE: licence,
        LICENSE_KEYS: kit.keysFile,
        LICENSE_REVOCATION_URL: 'off',
      });
      ctx = new TestContext(await buildApp(config), config);
    });

    afterAll(async () => {
      if (ctx) await closeApp(ctx.app, ctx.config);
      await kit?.cleanup();
    });

    it('has none of the issuer’s routes in its route table', () => {
      const table = ctx.app.routes.map((r) => `${r.method} ${r.url}`);
      // The install's own licence routes are there; the issuer's are not.
      expect(table).toContain('GET /api/v1/install');
      for (const [method, url] of ISSUER_ROUTES) expect(table).not.toContain(`${method} ${url}`);
      expect(table.filter((route) => route.includes('/licences'))).toEqual([]);
    });

    it('answers 404 to every one of them, even to its admin, and makes no signing key', async () => {
      const { token } = await ctx.admin();
      const { org, owner } = await orgWithOwner(ctx, 'Licensee');
      for (const [method, template] of ISSUER_ROUTES) {
        const url = template.replace(':org', org).replace(':licence', '00000000-0000-4000-8000-000000000000');
        const caller = url.startsWith('/api/v1/orgs/') ? owner.token : token;
        const body = method === 'POST' ? { plan: 'on-prem-test', max_nodes: 1, perpetual: true } : undefined;
        const r = await ctx.request(method, url, { token: caller, body });
        expect(r.status, `${method} ${url}`).toBe(404);
      }
      const db = ctx.app.database.db;
      const issuerSecrets = await db
        .select({ name: secrets.name })
        .from(secrets)
        .where(inArray(secrets.name, ['licence_signing_keys', 'licence_issuer']));
      expect(issuerSecrets).toEqual([]);
      expect(await db.select({ id: licences.id }).from(licences)).toEqual([]);
    });
  });
}
