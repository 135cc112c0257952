import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { AuthConfig } from '../../platform/config.js';
import { localVerifier, type TokenVerifier } from '../tokens.js';
import { loadProviderSecrets, publicKeys } from './keys.js';

export interface BuiltinProvider {
  verifier: TokenVerifier;
  /** Mounts the provider under /oidc with its sign-in and sign-up pages. */
  plugin: FastifyPluginAsync;
  /** The private signing keys; tests sign their own tokens with them. */
  signingKeys: import('jose').JWK[];
}

export async function startBuiltinProvider(
  db: Db,
  auth: Extract<AuthConfig, { kind: 'builtin' }>,
  _publicUrl: string,
  _log: FastifyBaseLogger,
): Promise<BuiltinProvider> {
  const secrets = await loadProviderSecrets(db);
  const verifier = localVerifier(publicKeys(secrets.signingKeys), {
    issuer: auth.issuer,
    audience: auth.audience,
    issuerKey: 'builtin',
  });
  return { verifier, plugin: async () => {}, signingKeys: secrets.signingKeys };
}
