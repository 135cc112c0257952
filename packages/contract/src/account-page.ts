import { Timestamp } from './common.js';
import { SUPPORTED_LANGUAGES } from './languages.js';
import { z } from './zod.js';

/** One browser session of the account at the built-in provider. */
export const AccountSession = z
  .object({
    /** The session's public id (never its cookie value): what `DELETE /account/sessions/{id}` takes. */
    id: z.string(),
    /** Browser and system named from the user agent (null: not recognised or not recorded). */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** The client address it was last used from (null: not recorded). */
    address: z.string().nullable(),
    started_at: Timestamp,
    /** The last sign-in or renewal through this session at the provider. */
    last_used_at: Timestamp,
    /** The session this console was signed in through. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSession>;

/** The signed-in account's sessions at the built-in provider (the account page). */
export const AccountSessions = z
  .object({
    /** Browser sessions signed in to the built-in provider, this one included. */
    count: z.number().int().min(0),
    /** The same sessions, most recently used first. */
    items: z.array(AccountSession),
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
