import { randomBytes } from 'node:crypto';
import { LICENCE_TOKEN_TYPE, LicenceClaims } from '@slugsmith/contract';
import {
  compactVerify,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose';

/**
 * Licence tokens: compact JWS (a JWT) signed with Ed25519, `typ` = LICENCE_TOKEN_TYPE, the
 * signing key named by `kid`. Verification is offline against a set of trusted public keys and
 * does not judge expiry: the install decides what an expired licence still may do (grace).
 */

export type LicenceProblem = 'malformed' | 'tampered' | 'foreign';

/** Why a licence cannot be used, with one line a person can act on. */
export class LicenceError extends Error {
  constructor(
    readonly problem: LicenceProblem,
    message: string,
  ) {
    super(message);
    this.name = 'LicenceError';
  }
}

/** A new private signing key (JWK with `kid`, `alg`, `use`). */
export async function newLicenceSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomBytes(9).toString('base64url'), alg: 'EdDSA', use: 'sig' };
}

/** The public half of a signing key, as published and shipped. */
export function publicLicenceKey({ kty, crv, x, kid, alg, use }: JWK): JWK {
  return { kty, crv, x, kid, alg, use };
}

export async function signLicence(claims: LicenceClaims, privateKey: JWK): Promise<string> {
  const key = await importJWK(privateKey, 'EdDSA');
  return new SignJWT({ ...LicenceClaims.parse(claims) })
    .setProtectedHeader({ alg: 'EdDSA', typ: LICENCE_TOKEN_TYPE, kid: privateKey.kid })
    .sign(key);
}

/**
 * Checks a token's form and signature against the trusted public keys and returns its claims.
 * Throws LicenceError: `malformed` (not a licence token), `foreign` (signed by a key that is not
 * trusted), `tampered` (a trusted key's signature that does not match the content).
 */
export async function verifyLicence(token: string, trusted: readonly JWK[]): Promise<LicenceClaims> {
  const compact = token.trim();
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(compact);
  } catch {
    throw new LicenceError(
      'malformed',
      'the licence is not a licence token (expected three base64url parts)',
    );
  }
  if (compact.split('.').length !== 3 || header.typ !== LICENCE_TOKEN_TYPE || header.alg !== 'EdDSA') {
    throw new LicenceError(
      'malformed',
      `the licence is not a licence token (expected typ ${LICENCE_TOKEN_TYPE}, alg EdDSA)`,
    );
  }
  const key = trusted.find((k) => k.kid !== undefined && k.kid === header.kid);
  if (!key) {
    throw new LicenceError(
      'foreign',
      `the licence is signed by key "${header.kid ?? '(none)'}", which is not a trusted licence key`,
    );
  }
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(compact, await importJWK(key, 'EdDSA')));
  } catch {
    throw new LicenceError('tampered', 'the licence signature does not match its content (was it edited?)');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    throw new LicenceError('malformed', 'the licence content is not JSON');
  }
  const claims = LicenceClaims.safeParse(parsed);
  if (!claims.success) {
    const issue = claims.error.issues[0];
    throw new LicenceError(
      'malformed',
      `the licence content is invalid at "${issue?.path.join('.')}": ${issue?.message}`,
    );
  }
  return claims.data;
}
