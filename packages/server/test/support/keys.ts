import { createPrivateKey, sign } from 'node:crypto';
import { Scope, type SdkJwk, signingString } from '@slugsmith/contract';
import type { TestContext } from './app.js';

let lastTimestamp = 0;

/**
 * Now, but never the same millisecond twice: two signatures of one request at one timestamp are
 * the same signature, which the server refuses as a replay (tests sign fast, and under a frozen
 * Date every call is the same millisecond).
 */
function freshTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp).toISOString();
}

/** Headers of a request signed with an SDK key, as the SDK would send them. */
export function signedHeaders(
  jwk: SdkJwk,
  configSlug: string,
  method: string,
  path: string,
  timestamp = freshTimestamp(),
): Record<string, string> {
  const key = createPrivateKey({ key: { ...jwk }, format: 'jwk' });
  const signature = sign(
    'sha256',
    Buffer.from(signingString(method, path.split('?')[0], configSlug, timestamp)),
    {
      key,
      dsaEncoding: 'ieee-p1363',
    },
  ).toString('base64url');
  return { 'x-timestamp': timestamp, 'x-sdk-slug': configSlug, 'x-signature': signature };
}

/** Every scope an API key may carry (the contract's list). */
export const ALL_API_SCOPES = Scope.options;

/** An organisation with an owner, for key tests. */
export async function orgWithOwner(ctx: TestContext, name: string) {
  const owner = await ctx.person(name);
  const created = await ctx.request('POST', '/api/v1/orgs', { token: owner.token, body: { name } });
  if (created.status !== 201) throw new Error(`org not created: ${JSON.stringify(created.body)}`);
  const org = created.body.slug as string;
  return {
    owner,
    org,
    async series(name: string, pattern = '{adjective}-{noun}') {
      const r = await ctx.request('POST', `/api/v1/orgs/${org}/series`, {
        token: owner.token,
        body: { name, pattern },
      });
      if (r.status !== 201) throw new Error(`series not created: ${JSON.stringify(r.body)}`);
      return r.body as { slug: string; generated_count: string; capacity: string };
    },
    async apiKey(body: Record<string, unknown>) {
      const r = await ctx.request('POST', `/api/v1/orgs/${org}/api-keys`, {
        token: owner.token,
        body: { name: 'k', scopes: [...ALL_API_SCOPES], ...body },
      });
      if (r.status !== 201) throw new Error(`key not created: ${JSON.stringify(r.body)}`);
      return r.body as { id: string; key: string; prefix: string };
    },
    async sdkConfig(body: Record<string, unknown>) {
      const r = await ctx.request('POST', `/api/v1/orgs/${org}/sdk-configs`, {
        token: owner.token,
        body: { name: 'web', scopes: ['forge', 'mint', 'slice', 'stats'], ...body },
      });
      if (r.status !== 201) throw new Error(`config not created: ${JSON.stringify(r.body)}`);
      return r.body as { slug: string; keys: { slug: string; jwk: SdkJwk; effective_to: string | null }[] };
    },
  };
}
