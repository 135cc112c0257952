/**
 * The account page's and the invitations' calls: the account and its verification,
 * password change, sessions, deletion; invitations of an organisation and accepting one.
 */
import { queryOptions } from '@tanstack/react-query';
import { body, client } from '../../lib/api.js';
import type { paths } from '../../lib/api-types.js';

/** Every call here but the public invitation preview is the signed-in user's. */
const signedIn = { auth: 'required' } as const;
const ofInvitation = (token: string) => ({ params: { path: { token } }, ...signedIn });

/**
 * The account's and the invitations' queries: `useQuery(accountQueries.sessions())`; their keys
 * are what invalidations name (`accountQueries.sessions().queryKey`). An organisation's
 * invitations sit under its console key, so refreshing the organisation refreshes them too.
 */
export const accountQueries = {
  account: () =>
    queryOptions({ queryKey: ['account', 'me'] as const, queryFn: ({ signal }) => getAccount(signal) }),
  sessions: () =>
    queryOptions({
      queryKey: ['account', 'sessions'] as const,
      queryFn: ({ signal }) => getSessions(signal),
    }),
  invitations: (org: string) =>
    queryOptions({
      queryKey: ['console', 'org', org, 'invitations'] as const,
      queryFn: ({ signal }) => listInvitations(org, signal),
    }),
  // A missing or expired invitation stays so: its refusal is shown at once, not retried.
  invitation: (token: string) =>
    queryOptions({
      queryKey: ['invitation', token] as const,
      queryFn: ({ signal }) => previewInvitation(token, signal),
      retry: false,
    }),
  invitationPublic: (token: string) =>
    queryOptions({
      queryKey: ['invitation', token, 'public'] as const,
      queryFn: ({ signal }) => previewInvitationPublic(token, signal),
      retry: false,
    }),
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
