import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/connect.js';
import { secrets } from '../../db/schema.js';

export interface ProviderSecrets {
  /** Private signing keys (JWK) of the built-in provider. */
  signingKeys: JWK[];
  /** Keys that sign the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

/**
 * Reads a secret, generating and storing it on first use. When two nodes start at once the
 * insert of the slower one does nothing and both read the winner's value.
 */
async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const read = async () =>
    (await db.select().from(secrets).where(eq(secrets.name, name)))[0]?.value as T | undefined;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(secrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  return (await read()) as T;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomBytes(9).toString('base64url'), alg: 'RS256', use: 'sig' };
}

export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const signingKeys = await loadOrCreate(db, 'oidc_signing_keys', async () => [await newSigningKey()]);
  const cookieKeys = await loadOrCreate(db, 'oidc_cookie_keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { signingKeys, cookieKeys };
}

/** The public half of each signing key, as published in the JWKS. */
export function publicKeys(keys: readonly JWK[]): { keys: JWK[] } {
  return {
    keys: keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
