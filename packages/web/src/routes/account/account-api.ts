/**
 * The account page's and the invitations' calls: the account and its verification,
 * password change, sessions, deletion; invitations of an organisation and accepting one.
 */
import { ApiError, body, client } from '../../lib/api.js';
import type { paths } from '../../lib/api-types.js';

/** Every call here but the public invitation preview is the signed-in user's. */
const signedIn = { auth: 'required' } as const;
const ofInvitation = (token: string) => ({ params: { path: { token } }, ...signedIn });

export const accountKeys = {
  account: () => ['account', 'me'] as const,
  sessions: () => ['account', 'sessions'] as const,
  invitations: (org: string) => ['console', 'org', org, 'invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  invitationPublic: (token: string) => ['invitation', token, 'public'] as const,
};

export const getAccount = (signal?: AbortSignal) => body(client.GET('/accounts', { ...signedIn, signal }));
export const resendVerification = () => body(client.POST('/account/verification', signedIn));
export const changePassword = (current_password: string, new_password: string) =>
  body(client.POST('/account/password', { ...signedIn, body: { current_password, new_password } }));
export const getSessions = (signal?: AbortSignal) =>
  body(client.GET('/account/sessions', { ...signedIn, signal }));
export const endOtherSessions = () => body(client.DELETE('/account/sessions/others', signedIn));
export const endSession = (id: string) =>
  body(client.DELETE('/account/sessions/{id}', { params: { path: { id } }, ...signedIn }));
export const deleteAccount = () => body(client.DELETE('/account', signedIn));
type AccountLanguageCode =
  paths['/account/language']['put']['requestBody']['content']['application/json']['language'];
/**
 * The language the account's e-mail is written in: one of the interface languages the page offers
 * (their codes are plain strings in the console; the server refuses any other).
 */
export const setAccountLanguage = (language: string) =>
  body(client.PUT('/account/language', { ...signedIn, body: { language: language as AccountLanguageCode } }));

export const listInvitations = (org: string, signal?: AbortSignal) =>
  body(client.GET('/orgs/{org}/invitations', { params: { path: { org } }, ...signedIn, signal }));
export const revokeInvitation = (org: string, invitation: string) =>
  body(
    client.DELETE('/orgs/{org}/invitations/{invitation}', {
      params: { path: { org, invitation } },
      ...signedIn,
    }),
  );
export const previewInvitation = (token: string, signal?: AbortSignal) =>
  body(client.GET('/invitations/{token}', { ...ofInvitation(token), signal }));
/** What a visitor not signed in sees of an invitation link: the organisation and who invited. */
export const previewInvitationPublic = (token: string, signal?: AbortSignal) =>
  body(client.GET('/invitations/{token}/public', { params: { path: { token } }, auth: 'none', signal }));
export const acceptInvitation = (token: string) =>
  body(client.POST('/invitations/{token}/accept', ofInvitation(token)));

/** The `reason` a refusal names in its details (e.g. last_owner, throttled), if any. */
export function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null)
    return undefined;
  const reason = (error.details as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** A detail of a refusal by name (e.g. retry_after, organisations). */
export function refusalDetail<T>(error: unknown, name: string): T | undefined {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null)
    return undefined;
  return (error.details as Record<string, T>)[name];
}
