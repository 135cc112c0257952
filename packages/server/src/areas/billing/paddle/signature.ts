// Webhook signatures in Paddle's scheme (the local sandbox, Paddle's stand-in, signs the same way):
// the header holds `ts=<unix seconds>;h1=<hex HMAC-SHA256 of "ts:rawBody">`, with several h1
// while a secret rotates.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from '../provider.js';

/** How old a signature may be (Paddle's SDK allows 5 s; deliveries queued on our side need more). */
export const SIGNATURE_MAX_AGE_S = 300;

const hmac = (secret: string, ts: string, body: string) =>
  createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex');

export function signBody(secret: string, body: string, now = Date.now()): string {
  const ts = String(Math.floor(now / 1000));
  return `ts=${ts};h1=${hmac(secret, ts, body)}`;
}

/** Throws WebhookRejected unless one h1 matches and the timestamp is within the allowed age. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | string[] | undefined,
  now = Date.now(),
  maxAgeS = SIGNATURE_MAX_AGE_S,
): void {
  if (typeof header !== 'string' || header.length > 2_000) throw new WebhookRejected('missing signature');
  let ts: string | undefined;
  const h1: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'h1') h1.push(value);
  }
  if (!ts || !/^\d{1,12}$/.test(ts) || h1.length === 0) throw new WebhookRejected('malformed signature');
  const age = now / 1000 - Number(ts);
  if (age > maxAgeS || age < -maxAgeS) throw new WebhookRejected('signature too old');
  const expected = Buffer.from(hmac(secret, ts, body), 'hex');
  const ok = h1.some((candidate) => {
    const given = /^[0-9a-f]{64}$/.test(candidate) ? Buffer.from(candidate, 'hex') : undefined;
    return given !== undefined && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookRejected('signature does not match');
}
