import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminLicence, AuditEntry, InstallStatus, RevokedLicences } from '@slugsmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { licenceSigningKeys } from '../src/areas/licences/keys.js';
import { signRevocationList } from '../src/areas/licences/revocation-list.js';
import { newLicenceSigningKey } from '../src/areas/licences/token.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * The whole path across two servers: the service issues and revokes a licence; an install running
 * that licence fetches the service's signed list at start and, its grace period set to 0, refuses
 * generation at once; its admin console imports a list file (audited), refusing forged and older
 * ones. The grace period over time, with an injected clock: install-revocations.test.ts.
 */
for (const kind of testDatabases) {
  describe(`[${kind}] an install fetches its issuer's revocations and imports them in the console`, () => {
    let service: TestContext;
    let install: TestContext;
    let dir: string;
    let licence: AdminLicence;
    let serviceUrl: string;

    beforeAll(async () => {
      const serviceConfig = testConfig(kind);
      service = new TestContext(await buildApp(serviceConfig), serviceConfig);
      await service.app.server.listen({ port: 0, host: '127.0.0.1' });
      serviceUrl = `http://127.0.0.1:${(service.app.server.server.address() as AddressInfo).port}`;
      const admin = (await service.admin()).token;
      const { org } = await orgWithOwner(service, 'revoked-customer');
      const issued = await service.request('POST', `/api/v1/admin/orgs/${org}/licences`, {
        token: admin,
        body: { plan: 'on-premise', max_nodes: 1, perpetual: true },
      });
      expect(issued.status).toBe(201);
      licence = issued.body;
      // The install trusts the service's keys (a development service is no shipped issuer).
      dir = await mkdtemp(join(tmpdir(), 'slugsmith-revocations-app-'));
      const keysFile = join(dir, 'keys.json');
      await writeFile(keysFile, JSON.stringify((await service.request('GET', '/api/v1/licences/keys')).body));
      const revoked = await service.request('POST', `/api/v1/admin/licences/${licence.id}/revoke`, {
        token: admin,
      });
      expect(revoked.status).toBe(200);

      const installConfig = testConfig(kind, {
        LICENSE: licence.token,
        LICENSE_KEYS: keysFile,
        LICENSE_REVOCATION_URL: `${serviceUrl}/api/v1/licences/revoked`,
        LICENSE_REVOCATION_GRACE_HOURS: '0',
      });
      install = new TestContext(await buildApp(installConfig), installConfig);
    });

    afterAll(async () => {
      if (install) await closeApp(install.app, install.config);
      if (service) await closeApp(service.app, service.config);
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const status = async () => {
      const { token } = await install.admin();
      const r = await install.request('GET', '/api/v1/admin/install', { token });
      expect(r.status).toBe(200);
      return r.body as Extract<InstallStatus, { mode: 'on_premise' }>;
    };

    it('fetches the list at start and, past its grace period of 0 h, refuses generation as for an expired licence', async () => {
      await expect
        .poll(async () => (await status()).revocation.list_issued_at, { timeout: 20_000 })
        .not.toBeNull();
      const s = await status();
      expect(s.revocation).toMatchObject({
        source_url: `${serviceUrl}/api/v1/licences/revoked`,
        list_source: 'fetched',
        grace_hours: 0,
        last_error: null,
        licence_revoked_at: expect.any(String),
      });
      expect(s.serving).toBe(false);
      expect(s.refusal).toMatch(
        /^Licence revoked: the licence was revoked by its issuer on .* generation is refused/,
      );
      // Every visitor's console says so too (the public /install card).
      const visible = await install.request('GET', '/api/v1/install');
      expect(visible.body.licence.revocation).toEqual({
        revoked_at: s.revocation.licence_revoked_at,
        grace_until: s.revocation.grace_until,
        refused: true,
      });

      const customer = await orgWithOwner(install, 'install-user');
      const key = (await customer.apiKey({})).key;
      const forge = await install.request('POST', '/api/v1/gen/forge', {
        body: { pattern: '{noun}', count: 1 },
        headers: { 'x-api-key': key },
      });
      expect(forge.status).toBe(503);
      expect(forge.body.details).toMatchObject({ reason: 'licence-revoked' });
      // The console and the data stay reachable.
      const series = await install.request('GET', `/api/v1/orgs/${customer.org}/series`, {
        token: customer.owner.token,
      });
      expect(series.status).toBe(200);
    });

    it('imports a list file in the admin console: admins only, audited; forged and older lists refused', async () => {
      const { token } = await install.admin();
      const support = await install.person('install-support');
      const found = await install.request(
        'GET',
        `/api/v1/admin/users?q=${encodeURIComponent(support.email)}`,
        {
          token,
        },
      );
      await install.request('PUT', `/api/v1/admin/users/${found.body.items[0].id}`, {
        token,
        body: { staff: 'support' },
      });
      const upload = (list: string, as = token) =>
        install.request('POST', '/api/v1/admin/install/revocations', { token: as, body: { list } });
      const file = JSON.stringify(
        (await service.request('GET', '/api/v1/licences/revoked')).body as RevokedLicences,
      );

      expect((await upload(file, support.token)).status).toBe(403);
      const forged = await signRevocationList([], 'http://127.0.0.1:8080', [await newLicenceSigningKey()]);
      const refused = await upload(JSON.stringify(forged));
      expect(refused).toMatchObject({
        status: 400,
        body: { details: { reason: 'revocation_list_refused', problem: 'foreign' } },
      });
      const inForce = (await status()).revocation.list_issued_at as string;
      // A list signed (by the service's own key) before the list in force.
      const keys = await licenceSigningKeys(service.app.database.db);
      const older = await signRevocationList([], 'x', keys, new Date(Date.parse(inForce) - 60_000));
      expect(await upload(JSON.stringify(older))).toMatchObject({
        status: 409,
        body: { details: { reason: 'revocation_list_older' } },
      });

      // The service's current list (signed now: no older than the one in force) is taken.
      const current = JSON.stringify((await service.request('GET', '/api/v1/licences/revoked')).body);
      const imported = await upload(current);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body).toMatchObject({
        list_source: 'imported',
        licence_revoked_at: expect.any(String),
      });
      const audit = await install.request('GET', '/api/v1/admin/audit?object_type=revocation_list', {
        token,
      });
      const entries = audit.body.items as AuditEntry[];
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'revocation_list.import',
        object_id: licence.id,
        before: { list_source: 'fetched' },
        after: { list_source: 'imported', list_issued_at: imported.body.list_issued_at, revoked_count: 1 },
      });
    });
  });
}
