import type {
  AdminLicence,
  AdminLicenceKeys,
  AuditEntry,
  LicenceKeyRotation,
  LicenceKeySet,
  RevokedLicences,
} from '@slugsmith/contract';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { verifyRevocationList } from '../src/areas/licences/revocation-list.js';
import { LicenceError, verifyLicence } from '../src/areas/licences/token.js';
import { licences } from '../src/db/schema.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * The issuer's side of issue 36 item 5: the revocation list signed by every published key, and the
 * key rotation as an admin's staff action (support staff refused, audited), an old key published
 * while its licences are in force and retired after.
 */
describeEachDatabase('licence key rotation and the signed revocation list', (ctx) => {
  let admin: string;
  let support: string;
  beforeAll(async () => {
    const c = ctx();
    admin = (await c.admin()).token;
    const person = await c.person('licence-support');
    const found = await c.request('GET', `/api/v1/admin/users?q=${encodeURIComponent(person.email)}`, {
      token: admin,
    });
    const granted = await c.request('PUT', `/api/v1/admin/users/${found.body.items[0].id}`, {
      token: admin,
      body: { staff: 'support' },
    });
    expect(granted.body).toMatchObject({ staff: 'support' });
    support = person.token;
  });

  const published = async () =>
    ((await ctx().request('GET', '/api/v1/licences/keys')).body as LicenceKeySet).keys;
  const issue = async (org: string) => {
    const r = await ctx().request('POST', `/api/v1/admin/orgs/${org}/licences`, {
      token: admin,
      body: {
        plan: 'on-premise',
        max_nodes: 1,
        valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as AdminLicence;
  };
  const kid = (token: string) => decodeProtectedHeader(token).kid;

  it('publishes the revoked licences as a list signed by the licence key, verifiable offline', async () => {
    const c = ctx();
    const { org } = await orgWithOwner(c, 'revoked-list');
    const licence = await issue(org);
    await c.request('POST', `/api/v1/admin/licences/${licence.id}/revoke`, { token: admin });
    const r = await c.request('GET', '/api/v1/licences/revoked');
    expect(r.status).toBe(200);
    const body = r.body as RevokedLicences;
    expect(body.ids).toContain(licence.id);
    const claims = await verifyRevocationList(body.signed, await published());
    expect(claims.revoked).toContainEqual({ id: licence.id, revoked_at: expect.any(Number) });
    expect(claims.revoked.map((x) => x.id)).toEqual(body.ids);
    expect(Math.abs(claims.iat * 1000 - Date.now())).toBeLessThan(60_000);
  });

  it('rotation is an admin action: support staff are refused, the admin rotates, audited; old licences keep verifying', async () => {
    const c = ctx();
    const { org } = await orgWithOwner(c, 'rotation-staff');
    const before = await issue(org);
    const keysBefore = (await c.request('GET', '/api/v1/admin/licences/keys', { token: support }))
      .body as AdminLicenceKeys;
    expect(keysBefore.keys[0]).toMatchObject({ kid: kid(before.token), signing: true });
    expect(keysBefore.keys[0]?.licences_in_force).toBeGreaterThanOrEqual(1);

    const refused = await c.request('POST', '/api/v1/admin/licences/keys/rotate', { token: support });
    expect(refused.status).toBe(403);
    expect((await published()).map((k) => k.kid)).toEqual(keysBefore.keys.map((k) => k.kid));

    const rotated = await c.request('POST', '/api/v1/admin/licences/keys/rotate', { token: admin });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const rotation = rotated.body as LicenceKeyRotation;
    expect(rotation.keys).toHaveLength(2);
    expect(rotation.keys[0]).toMatchObject({ signing: true, licences_in_force: 0 });
    expect(rotation.keys[1]).toMatchObject({ kid: kid(before.token), signing: false });
    expect(rotation.retired).toEqual([]);

    const audit = await c.request('GET', '/api/v1/admin/audit?object_type=licence_key', { token: admin });
    const [entry] = audit.body.items as AuditEntry[];
    expect(entry).toMatchObject({
      action: 'licence_key.rotate',
      object_id: rotation.keys[0]?.kid,
      before: { keys: [kid(before.token)] },
      after: { keys: rotation.keys.map((k) => k.kid), retired: [] },
    });
    expect(JSON.stringify(entry)).not.toMatch(/"d"|"x"/);

    // The old licence verifies against the published keys; a new one is signed by the new key.
    const keys = await published();
    await verifyLicence(before.token, keys);
    const after = await issue(org);
    expect(kid(after.token)).toBe(rotation.keys[0]?.kid);
    const oldKeys = keys.filter((p) => keysBefore.keys.some((k) => k.kid === p.kid));
    await expect(verifyLicence(after.token, oldKeys)).rejects.toThrow(LicenceError);
    // The revocation list is signed by both keys: an install that trusts only the old one verifies it.
    const list = (await c.request('GET', '/api/v1/licences/revoked')).body as RevokedLicences;
    expect(list.signed.signatures).toHaveLength(2);
    await verifyRevocationList(
      list.signed,
      keys.filter((k) => k.kid === kid(before.token)),
    );
  });

  it('retires an old key once none of its licences is in force (expired past the grace period)', async () => {
    const c = ctx();
    const { org } = await orgWithOwner(c, 'rotation-retire');
    const old = await issue(org);
    const oldKid = kid(old.token);
    // Every licence of the current key expired 15 days ago: past the installs' 14 days of grace.
    const expired = new Date(Date.now() - 15 * 86_400_000);
    const db = c.app.database.db;
    for (const row of await db.select({ id: licences.id, token: licences.token }).from(licences)) {
      if (kid(row.token) === oldKid)
        await db.update(licences).set({ validUntil: expired }).where(eq(licences.id, row.id));
    }
    const rotated = (await c.request('POST', '/api/v1/admin/licences/keys/rotate', { token: admin }))
      .body as LicenceKeyRotation;
    expect(rotated.retired).toContain(oldKid);
    expect((await published()).map((k) => k.kid)).not.toContain(oldKid);
    expect(rotated.keys.map((k) => k.kid)).toEqual((await published()).map((k) => k.kid));
  });
});
