import { z } from 'zod';

/** Lower-case letters, digits and single hyphens; starts with a letter; 3 to 40 characters. */
export const Slug = z
  .string()
  .min(3, 'Minimum length is 3 characters')
  .max(40, 'Maximum length is 40 characters')
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'Invalid format');

/** A display name (organisation, series, key, config): trimmed, 1 to 100 characters. */
export const Name = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(100, 'Maximum length is 100 characters');

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('Must be a valid email address'));

/** Timestamps travel as ISO-8601 strings in UTC. */
export const Timestamp = z.iso.datetime({ offset: true });

export const Ping = z.object({ status: z.literal('ok') }).meta({ id: 'Ping' });
export type Ping = z.infer<typeof Ping>;
