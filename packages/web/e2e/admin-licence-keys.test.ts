/**
 * The licence signing keys on /admin/licences, against the real server in Chromium: the admin
 * sees the signing key, rotates after the confirmation dialog, and the new key signs while the old
 * one (whose licence is in force) stays published (support staff are refused: the server's
 * licence-key-rotation.test.ts). The page is checked with axe-core in light and dark.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { AdminLicence, AdminLicenceKeys, AuditPage, LicenceKeySet } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { STAFF, signInWithApi } from './api-sign-in.js';
import { checkSchemes } from './page-checks.js';
import { apiAs } from './real-server.js';
import { realSuite } from './real-suite.js';

const suite = realSuite();

describe('licence signing keys', () => {
  it('the admin rotates the keys after confirming; the old key stays while its licence is in force', async () => {
    const staff = await suite.newPage();
    const token = await signInWithApi(staff, suite.server, STAFF);
    const org = await apiAs<{ slug: string }>(suite.server, token, 'POST', '/orgs', { name: 'Key Room' });
    const issued = await apiAs<AdminLicence>(
      suite.server,
      token,
      'POST',
      `/admin/orgs/${org.body.slug}/licences`,
      {
        plan: 'on-premise',
        max_nodes: 1,
        perpetual: true,
      },
    );
    expect(issued.status).toBe(201);
    const before = (await apiAs<AdminLicenceKeys>(suite.server, token, 'GET', '/admin/licences/keys')).body
      .keys;

    await staff.goto('/admin/licences');
    const panel = staff.getByTestId('licence-keys');
    const rows = panel.getByTestId('licence-key');
    await expect.poll(() => rows.count()).toBe(before.length);
    await panel.getByText(before[0]?.kid ?? '', { exact: true }).waitFor();
    await checkSchemes(staff, 'admin licence keys', () => panel.waitFor());

    await panel.getByTestId('licence-keys-rotate').click();
    const confirm = staff.getByRole('dialog', { name: 'Rotate the licence signing keys?' });
    await confirm.getByText('A new key signs every licence from now on.', { exact: false }).waitFor();
    await confirm.getByTestId('confirm-button').click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(before.length + 1);
    const after = (await apiAs<AdminLicenceKeys>(suite.server, token, 'GET', '/admin/licences/keys')).body
      .keys;
    expect(after[0]?.kid).not.toBe(before[0]?.kid);
    expect(after[1]).toMatchObject({ kid: before[0]?.kid, signing: false });
    await panel.getByText(after[0]?.kid ?? '', { exact: true }).waitFor();
    const published = (await (
      await fetch(`${suite.server.url}/api/v1/licences/keys`)
    ).json()) as LicenceKeySet;
    expect(published.keys.map((k) => k.kid)).toEqual(after.map((k) => k.kid));
    const audit = await apiAs<AuditPage>(suite.server, token, 'GET', '/admin/audit?object_type=licence_key');
    expect(audit.body.items[0]).toMatchObject({
      action: 'licence_key.rotate',
      actor: { email: STAFF.email },
    });
  });
});
