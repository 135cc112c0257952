import { SUPPORTED_LANGUAGES } from './languages.js';
import { z } from './zod.js';

/** The signed-in account's sessions at the built-in provider (the account page). */
export const AccountSessions = z
  .object({
    /** Browser sessions signed in to the built-in provider, this one included. */
    count: z.number().int().min(0),
  })
  .meta({ id: 'AccountSessions' });
export type AccountSessions = z.infer<typeof AccountSessions>;

export const EndedSessions = z.object({ ended: z.number().int().min(0) }).meta({ id: 'EndedSessions' });

export const AccountDeletionMessages = {
  lastOwner:
    'This account is the last owner of an organisation: make another member owner or delete the organisation first',
} as const;

/** The language the account's e-mail is written in (the account page's language choice). */
export const AccountLanguage = z
  .object({
    language: z.enum(SUPPORTED_LANGUAGES.map((l) => l.code) as [string, ...string[]]),
  })
  .strict()
  .meta({ id: 'AccountLanguage' });
export type AccountLanguage = z.infer<typeof AccountLanguage>;
