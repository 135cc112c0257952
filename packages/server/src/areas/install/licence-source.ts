import { readFile, stat } from 'node:fs/promises';
import type { LicenceClaims } from '@slugsmith/contract';
import type { JWK } from 'jose';
import { ConfigError } from '../../platform/config.js';
import { LicenceError, type LicenceProblem, verifyLicence } from '../licences/token.js';

/**
 * Where an install's licence and trusted keys come from: LICENSE is the token itself or the path
 * of a file holding it (renewed by replacing the file). The issuer's public keys are those shipped
 * in the package (licence-keys.json, filled by the release step). LICENSE_KEYS is a development
 * and test switch that trusts more keys (a JWKS file or an https URL serving one, such as a test
 * service's /api/v1/licences/keys): whoever sets it can issue their own licences, so the install
 * says so loudly at start.
 */

/** The install cannot start: one line naming the problem (main prints ConfigError's message alone). */
export class LicenceRefused extends ConfigError {
  constructor(
    message: string,
    /** The token's problem, when it was the token that was refused. */
    readonly problem?: LicenceProblem,
  ) {
    super(message);
  }
}

/** The trusted public keys shipped with the server (packages/server/licence-keys.json). */
const SHIPPED_KEYS = new URL('../../../licence-keys.json', import.meta.url);

/** A compact JWS is three base64url parts. */
const TOKEN_SHAPE = /^[\w-]+\.[\w-]*\.[\w-]+$/;

export interface LicenceText {
  token: string;
  /** The file it was read from (watched for renewals); absent for a token given inline. */
  path?: string;
  /** The file's modification time and size when read: a change means a renewal. */
  version?: string;
}

/** LICENSE names a file when one is there (even `acme.licence.jwt`), else it is the token itself. */
export async function readLicenceText(source: string): Promise<LicenceText> {
  let problem: string;
  try {
    const [token, version] = await Promise.all([readFile(source, 'utf8'), fileVersion(source)]);
    return { token: token.trim(), path: source, version };
  } catch (error) {
    problem = (error as NodeJS.ErrnoException).code ?? String(error);
  }
  const inline = source.trim();
  if (TOKEN_SHAPE.test(inline)) return { token: inline };
  throw new LicenceRefused(
    `licence refused (unreadable): LICENSE is neither a licence token nor a readable file (${problem})`,
  );
}

/** Modification time and size of the licence file: compared at each heartbeat to notice renewals. */
export async function fileVersion(path: string): Promise<string> {
  const s = await stat(path);
  return `${s.mtimeMs}:${s.size}`;
}

function keysOf(document: unknown, where: string): JWK[] {
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) {
    throw new LicenceRefused(`licence refused (keys): ${where} is not a JWKS document ({"keys": [...]})`);
  }
  return keys as JWK[];
}

/** The issuer's public keys shipped with this release (empty in a development checkout). */
export async function shippedKeys(): Promise<JWK[]> {
  return readFile(SHIPPED_KEYS, 'utf8').then(
    (text) => keysOf(JSON.parse(text), 'licence-keys.json'),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
}

/**
 * The shipped keys plus, with the LICENSE_KEYS development switch, those it names (a file or an
 * https URL; plain http is refused, since anyone on the path could swap the keys). An unreachable
 * or invalid source refuses the start.
 */
export async function loadTrustedKeys(development: string | undefined): Promise<JWK[]> {
  const shipped = await shippedKeys();
  if (!development) return shipped;
  if (/^http:/i.test(development.trim())) {
    throw new LicenceRefused(
      `licence refused (keys): LICENSE_KEYS ${development} is plain http: use an https URL or a JWKS file`,
    );
  }
  let document: unknown;
  try {
    if (/^https:\/\//i.test(development)) {
      const response = await fetch(development, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = await response.json();
    } else {
      document = JSON.parse(await readFile(development, 'utf8'));
    }
  } catch (error) {
    throw new LicenceRefused(
      `licence refused (keys): LICENSE_KEYS ${development} could not be read: ${(error as Error).message}`,
    );
  }
  return [...shipped, ...keysOf(document, `LICENSE_KEYS ${development}`)];
}

/** The start's warning while LICENSE_KEYS is set. */
export const developmentKeysWarning =
  'DEVELOPMENT ONLY: LICENSE_KEYS is set, so licences signed by keys that are not shipped with this release are trusted. ' +
  'It is a development and test switch; never set it on a production install (anyone holding those keys can issue licences).';

/** Verifies the token; a licence error becomes the one line the refused start prints. */
export async function verifyForInstall(token: string, keys: readonly JWK[]): Promise<LicenceClaims> {
  try {
    return await verifyLicence(token, keys);
  } catch (error) {
    if (error instanceof LicenceError) {
      throw new LicenceRefused(`licence refused (${error.problem}): ${error.message}`, error.problem);
    }
    throw error;
  }
}
