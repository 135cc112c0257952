// Licence signing keys, kept like the OIDC provider's: in the `secrets` table, made on first use,
// shared by every node. A list: the first signs new licences, all are published (old licences
// keep verifying after a rotation).
import { type AdminLicenceKeys, LICENCE_GRACE_DAYS, type LicenceKeySet } from '@slugsmith/contract';
import { eq, gt, isNull, or } from 'drizzle-orm';
import { decodeProtectedHeader, type JWK } from 'jose';
import type { Db } from '../../db/connect.js';
import { licences, secrets } from '../../db/schema.js';
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
 * A new signing key in front of the list: new licences are signed with it. An older key stays
 * published while a licence it signed may still be in use (not expired past the installs' grace
 * period; a perpetual licence forever), so those licences keep verifying; the others are retired.
 * One rotation at a time (the keys' row is locked), whichever node or command runs it.
 */
export async function rotateLicenceKeys(
  db: Db,
  now = new Date(),
): Promise<{ keys: JWK[]; retired: string[] }> {
  await licenceSigningKeys(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: secrets.value })
      .from(secrets)
      .where(eq(secrets.name, KEYS))
      .for('update');
    const current = (row?.value as JWK[] | undefined) ?? [];
    const inForce = await licencesInForceByKey(tx, now);
    const kept = current.filter((k) => (inForce.get(k.kid ?? '') ?? 0) > 0);
    const retired = current.filter((k) => !kept.includes(k)).map((k) => k.kid ?? '');
    const keys = [await newLicenceSigningKey(), ...kept];
    await tx.update(secrets).set({ value: keys }).where(eq(secrets.name, KEYS));
    return { keys, retired };
  });
}

/** How many licences each key signed that an install may still use, by `kid`. */
async function licencesInForceByKey(db: Db, now: Date): Promise<Map<string, number>> {
  const since = new Date(now.getTime() - LICENCE_GRACE_DAYS * 86_400_000);
  const rows = await db
    .select({ token: licences.token })
    .from(licences)
    .where(or(isNull(licences.validUntil), gt(licences.validUntil, since)));
  const counts = new Map<string, number>();
  for (const { token } of rows) {
    const kid = signingKid(token);
    if (kid) counts.set(kid, (counts.get(kid) ?? 0) + 1);
  }
  return counts;
}

function signingKid(token: string): string | undefined {
  try {
    return decodeProtectedHeader(token).kid;
  } catch {
    return undefined;
  }
}

/** The signing keys as staff see them: which signs, and how many licences each keeps in force. */
export async function adminLicenceKeys(db: Db, now = new Date()): Promise<AdminLicenceKeys> {
  const [keys, inForce] = await Promise.all([licenceSigningKeys(db), licencesInForceByKey(db, now)]);
  return {
    keys: keys.map((k, i) => ({
      kid: k.kid ?? '',
      signing: i === 0,
      licences_in_force: inForce.get(k.kid ?? '') ?? 0,
    })),
  };
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
