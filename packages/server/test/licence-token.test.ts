import { randomUUID } from 'node:crypto';
import type { LicenceClaims } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import {
  LicenceError,
  newLicenceSigningKey,
  publicLicenceKey,
  signLicence,
  verifyLicence,
} from '../src/areas/licences/token.js';
import { NO_PLAN_FEATURES } from '../src/areas/plans/features.js';

const claims: LicenceClaims = {
  jti: randomUUID(),
  iss: 'https://slugsmith.test',
  iat: 1_800_000_000,
  exp: 1_900_000_000,
  org: { id: randomUUID(), slug: 'acme', name: 'Acme' },
  plan: { slug: 'on-prem', name: 'On-premise' },
  max_nodes: 3,
  perpetual: false,
  features: { ...NO_PLAN_FEATURES, max_nodes: 3 },
};

async function problemOf(token: string, trusted: Parameters<typeof verifyLicence>[1]) {
  try {
    await verifyLicence(token, trusted);
  } catch (error) {
    if (error instanceof LicenceError) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('licence tokens', () => {
  it('round-trips the claims through a trusted public key, expiry left to the install', async () => {
    const key = await newLicenceSigningKey();
    const token = await signLicence(claims, key);
    expect(key.d).toBeDefined();
    expect(publicLicenceKey(key)).not.toHaveProperty('d');
    expect(await verifyLicence(`${token}\n`, [publicLicenceKey(key)])).toEqual(claims);
  });

  it('names tampered, foreign-signed and malformed tokens', async () => {
    const key = await newLicenceSigningKey();
    const other = await newLicenceSigningKey();
    const trusted = [publicLicenceKey(key)];
    const token = await signLicence(claims, key);
    const [header, , signature] = token.split('.');
    const richer = Buffer.from(JSON.stringify({ ...claims, max_nodes: 300 })).toString('base64url');
    expect(await problemOf(`${header}.${richer}.${signature}`, trusted)).toBe('tampered');
    expect(await problemOf(await signLicence(claims, other), trusted)).toBe('foreign');
    // The same kid with another key's signature is tampering, not a foreign key.
    expect(await problemOf(await signLicence(claims, { ...other, kid: key.kid }), trusted)).toBe('tampered');
    expect(await problemOf('not a licence', trusted)).toBe('malformed');
    expect(await problemOf(`${header}.${richer}`, trusted)).toBe('malformed');
  });
});
