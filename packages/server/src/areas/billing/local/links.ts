import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links to a subscription's payment-method page carry a signed expiry: the subscription id alone
 * (which every member of the organisation sees) does not let anyone replace the card; the link
 * our self-service route hands to an owner or admin does, for a day.
 */
export const PAYMENT_LINK_LIFETIME_S = 86_400;

const mac = (secret: string, subscriptionId: string, expires: number) =>
  createHmac('sha256', secret).update(`payment-method:${subscriptionId}:${expires}`).digest('hex');

export function signPaymentLink(secret: string, subscriptionId: string, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + PAYMENT_LINK_LIFETIME_S;
  return `${expires}.${mac(secret, subscriptionId, expires)}`;
}

export function paymentLinkHolds(
  secret: string,
  subscriptionId: string,
  token: unknown,
  nowMs: number,
): boolean {
  if (typeof token !== 'string') return false;
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < nowMs) return false;
  return timingSafeEqual(
    Buffer.from(match[2] ?? '', 'hex'),
    Buffer.from(mac(secret, subscriptionId, expires), 'hex'),
  );
}
