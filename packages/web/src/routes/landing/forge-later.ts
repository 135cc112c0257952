import type { ForgeRequest } from '@slugsmith/contract';

/**
 * Slugs from the generator client, which is loaded with the first call: the landing page paints
 * before the SDK arrives, while the hero's first request goes out (the SDK brings no zod: the
 * contract's signing.ts).
 */
export async function forgeLater(req: ForgeRequest, signal?: AbortSignal): Promise<string[]> {
  const { forge } = await import('../../lib/generator-api.js');
  return forge(req, signal);
}
