import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
} from 'jose';

/** What a verified access token tells us about its bearer. */
export interface VerifiedToken {
  /** Key of the issuer in the accounts table: `builtin`, or the external issuer URL. */
  issuerKey: string;
  subject: string;
  email?: string;
  claims: JWTPayload;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`token ${reason}`);
  }
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

interface VerifierOptions {
  issuer: string;
  audience: string;
  issuerKey: string;
}

type KeyLookup = Parameters<typeof jwtVerify>[1];

function makeVerifier(keys: () => Promise<KeyLookup>, options: VerifierOptions): TokenVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await keys(), {
          issuer: options.issuer,
          audience: options.audience,
          // Asymmetric algorithms only: a shared-secret token could be forged from public data.
          algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
          clockTolerance: 30,
          requiredClaims: ['sub', 'exp'],
        });
        return {
          issuerKey: options.issuerKey,
          subject: payload.sub as string,
          email: emailClaim(payload),
          claims: payload,
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}

/**
 * The email of the bearer: the standard claim, or a namespaced one (`https://example.com/email`)
 * as Auth0 actions add to access tokens.
 */
function emailClaim(payload: JWTPayload): string | undefined {
  if (typeof payload.email === 'string') return payload.email;
  for (const [name, value] of Object.entries(payload)) {
    if (name.endsWith('/email') && typeof value === 'string') return value;
  }
  return undefined;
}

/** Tokens of the built-in provider, checked against its public keys without an HTTP hop. */
export function localVerifier(publicKeys: JSONWebKeySet, options: VerifierOptions): TokenVerifier {
  const jwks = createLocalJWKSet(publicKeys);
  return makeVerifier(async () => jwks, options);
}

/** Tokens of an external issuer, checked against the JWKS named by its discovery document. */
export function remoteVerifier(options: VerifierOptions): TokenVerifier {
  let jwks: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const load = async () => {
    const base = options.issuer.endsWith('/') ? options.issuer : `${options.issuer}/`;
    const response = await fetch(new URL('.well-known/openid-configuration', base), {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`discovery failed with status ${response.status}`);
    const discovery = (await response.json()) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new Error('discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  };
  return makeVerifier(async () => {
    jwks ??= load().catch((error) => {
      jwks = undefined; // try discovery again on the next request
      throw error;
    });
    return jwks;
  }, options);
}
