import { z } from './zod.js';

/** Lower-case letters, digits and single hyphens; starts with a letter; 3 to 40 characters. */
export const Slug = z
  .string()
  .min(3, 'Minimum length is 3 characters')
  .max(40, 'Maximum length is 40 characters')
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'Invalid format');

/** PostgreSQL text holds no NUL character: text a client sends is refused with one. */
const noNul = (s: string) => !s.includes('\u0000');

/** Free text of a request (names, patterns, references, origins): anything but NUL. */
export const Text = z.string().refine(noNul, 'Invalid format');

/** A display name (organisation, series, key, config): trimmed, 1 to 100 characters. */
export const Name = Text.trim().min(1, 'This field is required').max(100, 'Maximum length is 100 characters');

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('Must be a valid email address'));

/**
 * Timestamps travel as ISO-8601 strings in UTC. Year 0 (1 BC) reads as a date in JavaScript but
 * has no place in PostgreSQL's calendar: the first year is 1.
 */
export const Timestamp = z.iso
  .datetime({ offset: true })
  .refine((s) => new Date(s).getUTCFullYear() >= 1, 'Invalid format');

export const Ping = z.object({ status: z.literal('ok') }).meta({ id: 'Ping' });
export type Ping = z.infer<typeof Ping>;

/** `{org}` in paths: the organisation's slug. */
export const OrgPathParam = z.string().min(1).max(64).describe("The organisation's slug");
/** `{series}` in paths: a series' slug. */
export const SeriesPathParam = z.string().min(1).max(100).describe("The series' slug");
