/**
 * Client-side checks of the dashboard forms, the same rules the API applies (product spec §5),
 * returning message keys of the `errors` namespace (`validation.*`) or of `dashboard`.
 */
import { slugify } from '@slugsmith/contract';

/** Contract slug: lower-case letters, digits and single hyphens, starts with a letter, 3–40. */
const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
export const NAME_MAX = 100;

export type FieldError = { key: string; values?: Record<string, unknown> } | null;

/** The slug suggested for a name: the one the server would derive; none while the name has no letter or digit. */
export function slugFromName(name: string): string {
  return /[a-z0-9]/i.test(name.normalize('NFKD')) ? slugify(name) : '';
}

export function validateName(name: string): FieldError {
  const trimmed = name.trim();
  if (!trimmed) return { key: 'errors:validation.required' };
  if (trimmed.length > NAME_MAX) return { key: 'errors:validation.maxLength', values: { max: NAME_MAX } };
  return null;
}

/** An empty slug is allowed where the server derives one from the name. */
export function validateSlug(slug: string, { optional = false } = {}): FieldError {
  if (!slug) return optional ? null : { key: 'errors:validation.required' };
  if (slug.length < SLUG_MIN) return { key: 'errors:validation.minLength', values: { min: SLUG_MIN } };
  if (slug.length > SLUG_MAX) return { key: 'errors:validation.maxLength', values: { max: SLUG_MAX } };
  if (!SLUG.test(slug)) return { key: 'errors:validation.invalidFormat' };
  return null;
}

export function validateEmail(email: string): FieldError {
  const trimmed = email.trim();
  if (!trimmed) return { key: 'errors:validation.required' };
  if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed))
    return { key: 'errors:validation.email' };
  return null;
}

/** Rotation period: a number followed by d, h, m or s (e.g. 30d, 24h, 60m), 30 s to 366 days. */
export const ROTATION_PERIOD = /^\d+[dhms]$/;
const UNIT_SECONDS = { d: 86_400, h: 3_600, m: 60, s: 1 } as const;
export const MIN_PERIOD_SECONDS = 30;
export const MAX_PERIOD_SECONDS = 366 * 86_400;

export function validateRotationPeriod(period: string): FieldError {
  const text = period.trim();
  if (!text) return { key: 'errors:validation.required' };
  if (!ROTATION_PERIOD.test(text) || /^0/.test(text)) return { key: 'dashboard:sdk.periodFormat' };
  const seconds = Number(text.slice(0, -1)) * UNIT_SECONDS[text.slice(-1) as keyof typeof UNIT_SECONDS];
  if (seconds < MIN_PERIOD_SECONDS || seconds > MAX_PERIOD_SECONDS)
    return { key: 'dashboard:sdk.periodRange' };
  return null;
}

/** Allowed origins, one per line: blank lines dropped, trailing slashes removed. */
export function parseOrigins(text: string): string[] {
  return text
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => o.replace(/\/+$/, ''));
}

export const MAX_ORIGINS = 50;

/** Each origin is `scheme://host[:port]` (no path); the first bad line is reported (1-based). */
export function validateOrigins(text: string): FieldError {
  const origins = parseOrigins(text);
  if (origins.length > MAX_ORIGINS)
    return { key: 'dashboard:sdk.tooManyOrigins', values: { max: MAX_ORIGINS } };
  const bad = origins.findIndex((o) => !/^https?:\/\/[^\s/]+$/.test(o));
  if (bad >= 0) return { key: 'dashboard:sdk.badOrigin', values: { origin: origins[bad] } };
  return null;
}

/** An expiry date picked as YYYY-MM-DD means the end of that day in UTC; empty means never. */
export function expiryFromDate(date: string): string | null {
  if (!date) return null;
  return new Date(`${date}T23:59:59.000Z`).toISOString();
}

export function validateExpiry(date: string, now = new Date()): FieldError {
  if (!date) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return { key: 'errors:validation.invalidFormat' };
  if (Date.parse(`${date}T23:59:59Z`) <= now.getTime()) return { key: 'dashboard:keys.expiryPast' };
  return null;
}
