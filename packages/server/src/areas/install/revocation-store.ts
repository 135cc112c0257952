import type { RevocationListClaims, SignedRevocationList } from '@slugsmith/contract';
import type { Database } from '../../db/connect.js';

/**
 * The install's last verified revocation list in its database (shared by every node, kept over
 * restarts): the list itself, and when this install first learned of each licence on it.
 */

export type ListSource = 'fetched' | 'imported';

export interface Revocation {
  revokedAt: Date;
  /** When this install first held a list naming the licence: its grace period starts here. */
  learnedAt: Date;
}

export interface StoredList {
  signed: SignedRevocationList;
  issuedAt: Date;
  source: ListSource;
  storedAt: Date;
  revocations: Map<string, Revocation>;
}

/** A verified list that is older than the one in force: never stored (it could un-revoke). */
export class OlderList extends Error {
  constructor(
    readonly issuedAt: Date,
    readonly inForce: Date,
  ) {
    super(
      `the revocation list was signed at ${issuedAt.toISOString()}, before the list in force (${inForce.toISOString()}): it is not used`,
    );
  }
}

export async function loadList(database: Database): Promise<StoredList | undefined> {
  return database.rawTransaction(async (exec) => {
    const [list] = await exec('SELECT signed, issued_at, source, stored_at FROM install_revocation_list', []);
    if (!list) return undefined;
    const rows = await exec('SELECT licence_id, revoked_at, learned_at FROM install_revocations', []);
    return {
      signed: list.signed as SignedRevocationList,
      issuedAt: new Date(list.issued_at as string),
      source: list.source as ListSource,
      storedAt: new Date(list.stored_at as string),
      revocations: new Map(
        rows.map((r) => [
          r.licence_id as string,
          { revokedAt: new Date(r.revoked_at as string), learnedAt: new Date(r.learned_at as string) },
        ]),
      ),
    };
  });
}

/** When the stored list was signed, or undefined: what a node compares before reading it all. */
export async function storedListIssuedAt(database: Database): Promise<Date | undefined> {
  const [row] = await database.rawTransaction((exec) =>
    exec('SELECT issued_at FROM install_revocation_list', []),
  );
  return row ? new Date(row.issued_at as string) : undefined;
}

/**
 * Stores a verified list unless the stored one is newer (then OlderList): the licences it names
 * keep the time this install first learned of them, new ones are learned `now`, and the ones a
 * newer list no longer names (the issuer lifted the revocation) are forgotten. Serialised over
 * every node of the install.
 */
export async function storeList(
  database: Database,
  signed: SignedRevocationList,
  claims: RevocationListClaims,
  source: ListSource,
  now: Date,
): Promise<void> {
  const issuedAt = new Date(claims.iat * 1000);
  await database.rawTransaction(async (exec) => {
    await exec(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':slugsmith-revocations'))`, []);
    const [current] = await exec('SELECT issued_at FROM install_revocation_list', []);
    const inForce = current && new Date(current.issued_at as string);
    if (inForce && inForce > issuedAt) throw new OlderList(issuedAt, inForce);
    await exec(
      `INSERT INTO install_revocation_list (singleton, signed, issued_at, source, stored_at)
       VALUES (true, $1::jsonb, $2, $3, $4)
       ON CONFLICT (singleton) DO UPDATE SET signed = excluded.signed, issued_at = excluded.issued_at,
         source = excluded.source, stored_at = excluded.stored_at`,
      [JSON.stringify(signed), issuedAt.toISOString(), source, now.toISOString()],
    );
    const entries = JSON.stringify(
      claims.revoked.map((r) => ({ id: r.id, revoked_at: new Date(r.revoked_at * 1000).toISOString() })),
    );
    await exec(
      `DELETE FROM install_revocations
        WHERE licence_id NOT IN (SELECT id FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, revoked_at timestamptz))`,
      [entries],
    );
    await exec(
      `INSERT INTO install_revocations (licence_id, revoked_at, learned_at)
       SELECT id, revoked_at, $2 FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, revoked_at timestamptz)
       ON CONFLICT (licence_id) DO UPDATE SET revoked_at = excluded.revoked_at`,
      [entries, now.toISOString()],
    );
  });
}
