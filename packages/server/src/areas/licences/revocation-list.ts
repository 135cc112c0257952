import {
  REVOCATION_LIST_TYPE,
  RevocationListClaims,
  RevokedLicences,
  SignedRevocationList,
} from '@slugsmith/contract';
import {
  decodeProtectedHeader,
  GeneralSign,
  generalVerify,
  importJWK,
  type JWK,
  type JWSHeaderParameters,
} from 'jose';
import { LicenceError } from './token.js';

/**
 * Signed revocation lists: the issuer signs the list of revoked licences with every published
 * licence key (General JWS JSON, one signature per key), so an install that trusts any one of them
 * verifies the list, also one whose release shipped only a key that was rotated out of signing
 * licences. Verified offline like a licence; an install imports such a list when it cannot fetch
 * it.
 */

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export async function signRevocationList(
  revoked: readonly { id: string; revokedAt: Date }[],
  issuer: string,
  keys: readonly JWK[],
  now = new Date(),
): Promise<SignedRevocationList> {
  const claims: RevocationListClaims = {
    iss: issuer,
    iat: seconds(now),
    revoked: revoked.map((r) => ({ id: r.id, revoked_at: seconds(r.revokedAt) })),
  };
  const signer = new GeneralSign(new TextEncoder().encode(JSON.stringify(claims)));
  for (const key of keys) {
    signer
      .addSignature(await importJWK(key, 'EdDSA'))
      .setProtectedHeader({ alg: 'EdDSA', typ: REVOCATION_LIST_TYPE, kid: key.kid });
  }
  const { payload, signatures } = await signer.sign();
  return {
    payload,
    signatures: signatures.map((s) => ({ protected: s.protected ?? '', signature: s.signature })),
  };
}

/**
 * The signed list out of a file's text: the issuer's whole `GET /licences/revoked` answer, or its
 * `signed` part alone. Throws LicenceError (`malformed`) for anything else.
 */
export function parseRevocationFile(text: string): SignedRevocationList {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new LicenceError(
      'malformed',
      'the revocation list is not JSON (expected the issuer’s /licences/revoked answer)',
    );
  }
  const whole = RevokedLicences.safeParse(document);
  if (whole.success) return whole.data.signed;
  const signed = SignedRevocationList.safeParse(document);
  if (signed.success) return signed.data;
  throw new LicenceError(
    'malformed',
    'the revocation list is not a signed list (expected the issuer’s /licences/revoked answer or its "signed" part)',
  );
}

/**
 * Checks a signed list against the trusted public keys and returns its claims. Throws LicenceError:
 * `foreign` (no signature by a trusted key), `tampered` (a trusted key's signature that does not
 * match the content), `malformed` (not a revocation list).
 */
export async function verifyRevocationList(
  signed: SignedRevocationList,
  trusted: readonly JWK[],
): Promise<RevocationListClaims> {
  const kids = signed.signatures.map((s) => {
    try {
      return decodeProtectedHeader(s).kid;
    } catch {
      return undefined;
    }
  });
  const trustedKids = new Set(trusted.map((k) => k.kid).filter((kid) => kid !== undefined));
  if (!kids.some((kid) => kid !== undefined && trustedKids.has(kid))) {
    throw new LicenceError(
      'foreign',
      `the revocation list is signed by keys ${kids.map((k) => `"${k ?? '(none)'}"`).join(', ')}, none of which is a trusted licence key`,
    );
  }
  let result: Awaited<ReturnType<typeof generalVerify>>;
  try {
    result = await generalVerify(signed, async (header: JWSHeaderParameters) => {
      const key = trusted.find((k) => k.kid !== undefined && k.kid === header.kid);
      if (!key || header.alg !== 'EdDSA' || header.typ !== REVOCATION_LIST_TYPE)
        throw new Error('not trusted');
      return importJWK(key, 'EdDSA');
    });
  } catch {
    throw new LicenceError(
      'tampered',
      'the revocation list’s signature does not match its content (was it edited?)',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(result.payload));
  } catch {
    throw new LicenceError('malformed', 'the revocation list’s content is not JSON');
  }
  const claims = RevocationListClaims.safeParse(parsed);
  if (!claims.success)
    throw new LicenceError('malformed', 'the revocation list’s content is not a revocation list');
  return claims.data;
}
