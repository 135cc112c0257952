import type { ForgeRequest } from '@slugsmith/contract';

/**
 * Slugs from the generator client, which is loaded with the first call: the landing page paints
 * before the SDK and the contract's schemas (zod) arrive, while the hero's first request goes out.
 */
export async function forgeLater(req: ForgeRequest, signal?: AbortSignal): Promise<string[]> {
  const { forge } = await import('../../lib/generator-api.js');
  return forge(req, signal);
}
