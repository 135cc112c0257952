import { readFile } from 'node:fs/promises';
import type { RevocationListClaims } from '@slugsmith/contract';
import { readInstallLicence } from '../areas/install/install.js';
import { loadList, OlderList, type Revocation, storeList } from '../areas/install/revocation-store.js';
import { revocationWarning } from '../areas/install/revocations.js';
import { parseRevocationFile, verifyRevocationList } from '../areas/licences/revocation-list.js';
import { LicenceError } from '../areas/licences/token.js';
import type { Database } from '../db/connect.js';
import { type InstallConfig, loadConfig } from '../platform/config.js';
import { CommandError, operatorPath, runCommand, startedAsScript } from './command.js';

export interface ImportedList {
  claims: RevocationListClaims;
  /** This install's licence on the list, if it is there. */
  own: Revocation | undefined;
  warning: string | undefined;
}

/** A list file checked against the install's trusted keys (no database needed yet). */
export async function verifyRevocationFile(install: InstallConfig, text: string) {
  const licence = await readInstallLicence(install);
  try {
    const signed = parseRevocationFile(text);
    return { licence, signed, claims: await verifyRevocationList(signed, licence.keys) };
  } catch (error) {
    if (error instanceof LicenceError) {
      throw new CommandError(`revocation list refused (${error.problem}): ${error.message}`);
    }
    throw error;
  }
}

/**
 * Imports a revocation list file into an install's database, as the admin console's upload does:
 * verified against the install's trusted keys, refused when older than the list in force. Running
 * nodes apply it within a minute.
 */
export async function importRevocationFile(
  database: Database,
  install: InstallConfig,
  verified: Awaited<ReturnType<typeof verifyRevocationFile>>,
  now = new Date(),
): Promise<ImportedList> {
  const { licence, signed, claims } = verified;
  try {
    await storeList(database, signed, claims, 'imported', now);
  } catch (error) {
    if (error instanceof OlderList) throw new CommandError(`revocation list refused: ${error.message}`);
    throw error;
  }
  const own = (await loadList(database))?.revocations.get(licence.claims.jti);
  return {
    claims,
    own,
    warning: own && revocationWarning(own, install.revocation.graceMs, now.getTime()),
  };
}

const USAGE = `usage: slugsmith-server import-revocations <file>
  imports the issuer's signed revocation list (its /api/v1/licences/revoked answer saved as a file)
  into this install (LICENSE and DATA_DIR or DATABASE_URL as the server has them)`;

export async function main(args: string[]): Promise<void> {
  await runCommand(USAGE, args, { positional: 1 }, async ([typed], open) => {
    const { install } = loadConfig();
    if (!install) throw new CommandError('LICENSE is not set: this is not an on-premise install.');
    const path = operatorPath(typed);
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new CommandError(`${path} could not be read (${error.code ?? error.message})`);
    });
    const verified = await verifyRevocationFile(install, text);
    const database = await open({
      existing: true,
      whileServing:
        'import the list in the running server’s admin console (Install page) instead, or stop it first.',
    });
    try {
      const { claims, warning } = await importRevocationFile(database, install, verified);
      console.log(
        `revocation list imported: signed ${new Date(claims.iat * 1000).toISOString()}, ${claims.revoked.length} revoked licences; running nodes apply it within a minute`,
      );
      console.log(warning ?? 'this install’s licence is not on it');
    } finally {
      await database.close();
    }
  });
}

if (startedAsScript(import.meta.url)) await main(process.argv.slice(2));
