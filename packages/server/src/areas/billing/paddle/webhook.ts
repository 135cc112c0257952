// Paddle's webhook check: the shared signature scheme (every h1 tried, timing-safe, 300 s window,
// see ./signature.ts) over the raw body, then Paddle's event envelope.
import { WebhookRejected } from '../provider.js';
import type { ProviderEvent } from '../snapshots.js';
import { readPaddleEvent } from './events.js';
import { verifySignature } from './signature.js';

/** The header Paddle signs every delivery with (Node lower-cases header names). */
export const SIGNATURE_HEADER = 'paddle-signature';

/** Checks a Paddle-signed body and reads its envelope (the local sandbox signs its own the same way). */
export function verifyPaddleWebhook(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now?: number,
): ProviderEvent {
  verifySignature(secret, rawBody, headers[SIGNATURE_HEADER], now);
  try {
    return readPaddleEvent(JSON.parse(rawBody));
  } catch {
    // Signed yet not an event we can read: refused like a bad signature, so nothing half-read is stored.
    throw new WebhookRejected('not a Paddle event');
  }
}
