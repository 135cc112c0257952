// Licence signing keys, kept like the OIDC provider's: in the `secrets` table, made on first use,
// shared by every node. A list: the first signs new licences, all are published (old licences
// keep verifying after a rotation).
import type { LicenceKeySet } from '@slugsmith/contract';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../../db/connect.js';
import { secrets } from '../../db/schema.js';
import { newLicenceSigningKey, publicLicenceKey } from './token.js';

const KEYS = 'licence_signing_keys';
/** The service's PUBLIC_URL as the `iss` of its licences, written at each start. */
const ISSUER = 'licence_issuer';

async function read<T>(db: Db, name: string): Promise<T | undefined> {
  const [row] = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, name));
  return row?.value as T | undefined;
}

/** The private signing keys, the signing one first; made (once, whichever node wins) on first use. */
export async function licenceSigningKeys(db: Db): Promise<JWK[]> {
  const existing = await read<JWK[]>(db, KEYS);
  if (existing?.length) return existing;
  await db
    .insert(secrets)
    .values({ name: KEYS, value: [await newLicenceSigningKey()] })
    .onConflictDoNothing();
  return (await read<JWK[]>(db, KEYS)) ?? [];
}

/**
 * A new signing key in front of the list: new licences are signed with it; the older keys stay
 * published so the licences they signed keep verifying. Returns the new list.
 */
export async function rotateLicenceKeys(db: Db): Promise<JWK[]> {
  const keys = [await newLicenceSigningKey(), ...(await licenceSigningKeys(db))];
  await db.update(secrets).set({ value: keys }).where(eq(secrets.name, KEYS));
  return keys;
}

/** The published key set (public halves only). */
export async function licenceKeySet(db: Db): Promise<LicenceKeySet> {
  return { keys: (await licenceSigningKeys(db)).map(publicLicenceKey) as LicenceKeySet['keys'] };
}

/** Remembers this service's public address as the issuer its licences name. */
export async function rememberLicenceIssuer(db: Db, publicUrl: string): Promise<void> {
  await db
    .insert(secrets)
    .values({ name: ISSUER, value: publicUrl })
    .onConflictDoUpdate({ target: secrets.name, set: { value: publicUrl } });
}

/** The issuer remembered at start (a service that never started names itself by product). */
export async function licenceIssuer(db: Db): Promise<string> {
  return (await read<string>(db, ISSUER)) ?? 'slugsmith';
}
