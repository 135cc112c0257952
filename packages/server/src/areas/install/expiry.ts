import { LICENCE_GRACE_DAYS, type LicenceClaims } from '@slugsmith/contract';

/**
 * A licence's standing at a moment: warnings from 30 days before `exp`, then 14 days of grace
 * in which everything still works (time to deploy the renewal), then generation is refused.
 * A perpetual licence (no `exp`) never expires.
 */

export const WARNING_DAYS = 30;
export const GRACE_DAYS = LICENCE_GRACE_DAYS;
const DAY_MS = 86_400_000;

export type LicenceStanding =
  | { state: 'valid' }
  | { state: 'expiring'; expiresAt: Date; daysLeft: number }
  | { state: 'grace'; expiresAt: Date; graceUntil: Date; daysLeft: number }
  | { state: 'expired'; expiresAt: Date; graceUntil: Date };

export function licenceStanding(claims: Pick<LicenceClaims, 'exp'>, now: Date): LicenceStanding {
  if (claims.exp === undefined) return { state: 'valid' };
  const expiresAt = new Date(claims.exp * 1000);
  const graceUntil = new Date(expiresAt.getTime() + GRACE_DAYS * DAY_MS);
  const left = (until: Date) => daysUntil(until, now);
  if (now >= graceUntil) return { state: 'expired', expiresAt, graceUntil };
  if (now >= expiresAt) return { state: 'grace', expiresAt, graceUntil, daysLeft: left(graceUntil) };
  if (now.getTime() >= expiresAt.getTime() - WARNING_DAYS * DAY_MS) {
    return { state: 'expiring', expiresAt, daysLeft: left(expiresAt) };
  }
  return { state: 'valid' };
}

const daysUntil = (until: Date, now: Date) => Math.ceil((until.getTime() - now.getTime()) / DAY_MS);

/**
 * Days until generation stops: to expiry, or in the grace period to its end; none for a perpetual
 * licence (no end) or an expired one (already stopped).
 */
export function daysUntilRefused(
  claims: Pick<LicenceClaims, 'exp'>,
  standing: LicenceStanding,
  now: Date,
): number | null {
  if (claims.exp === undefined || standing.state === 'expired') return null;
  return daysUntil(standing.state === 'grace' ? standing.graceUntil : new Date(claims.exp * 1000), now);
}

/** The warning the log and the console show, or none while the licence is far from its end. */
export function standingWarning(standing: LicenceStanding): string | undefined {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  switch (standing.state) {
    case 'valid':
      return undefined;
    case 'expiring':
      return `the licence expires on ${day(standing.expiresAt)} (in ${standing.daysLeft} days): install its renewal (replace the LICENSE file) before then`;
    case 'grace':
      return `the licence expired on ${day(standing.expiresAt)}; generation goes on for a grace period until ${day(standing.graceUntil)}: install its renewal`;
    case 'expired':
      return `the licence expired on ${day(standing.expiresAt)} and its grace period ended on ${day(standing.graceUntil)}: generation is refused until a renewed licence is installed (replace the LICENSE file)`;
  }
}
