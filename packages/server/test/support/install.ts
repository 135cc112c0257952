import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEATURE_KEYS, LIMIT_KEYS, type LicenceClaims, type PlanFeatures } from '@slugsmith/contract';
import type { JWK } from 'jose';
import { newLicenceSigningKey, publicLicenceKey, signLicence } from '../../src/areas/licences/token.js';
import { NO_PLAN_FEATURES } from '../../src/areas/plans/features.js';

/** Everything on, nothing limited: what a licence grants unless a test narrows it. */
export const OPEN_FEATURES: PlanFeatures = {
  ...NO_PLAN_FEATURES,
  ...Object.fromEntries(LIMIT_KEYS.map((k) => [k, -1])),
  ...Object.fromEntries(FEATURE_KEYS.map((k) => [k, true])),
} as PlanFeatures;

const DAY = 86_400;

/**
 * A licence issuer of the tests' own: a signing key whose public half is written as a JWKS file
 * (LICENSE_KEYS), and licences signed with it written to files (LICENSE).
 */
export async function licenceKit() {
  const dir = await mkdtemp(join(tmpdir(), 'slugsmith-install-'));
  const key = await newLicenceSigningKey();
  const keysFile = join(dir, 'keys.json');
  await writeFile(keysFile, JSON.stringify({ keys: [publicLicenceKey(key)] }));
  const now = Math.floor(Date.now() / 1000);
  const claims = (over: Partial<LicenceClaims> = {}): LicenceClaims => ({
    jti: randomUUID(),
    iss: 'https://slugsmith.test',
    iat: now - DAY,
    exp: now + 365 * DAY,
    org: { id: randomUUID(), slug: 'acme', name: 'Acme Ltd' },
    plan: { slug: 'on-prem-test', name: 'On-premise (test)' },
    max_nodes: 2,
    perpetual: false,
    features: { ...OPEN_FEATURES, max_nodes: 2 },
    ...over,
  });
  return {
    dir,
    keysFile,
    /** The private signing key (a test issuer signs its revocation lists with it too). */
    key,
    now,
    day: DAY,
    claims,
    sign: (c: LicenceClaims, signer: JWK = key) => signLicence(c, signer),
    /** Signs the claims and (re)writes the licence file. */
    async write(file: string, c: LicenceClaims, signer: JWK = key): Promise<string> {
      const path = join(dir, file);
      await writeFile(path, `${await signLicence(c, signer)}\n`);
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
