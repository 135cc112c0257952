/**
 * The account page's and the invitations' calls: the account and its verification,
 * password change, sessions, deletion; invitations of an organisation and accepting one.
 */
import type {
  Account,
  AccountSessions,
  Invitation,
  InvitationPreview,
  InvitationPublicPreview,
  Organisation,
} from '@slugsmith/contract';
import { ApiError, api } from '../../lib/api.js';

const enc = encodeURIComponent;
const get = <T>(path: string, signal?: AbortSignal) => api<T>(path, { auth: 'required', signal });
const send = <T>(method: string, path: string, body?: unknown) =>
  api<T>(path, { method, body, auth: 'required' });

export const accountKeys = {
  account: () => ['account', 'me'] as const,
  sessions: () => ['account', 'sessions'] as const,
  invitations: (org: string) => ['console', 'org', org, 'invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  invitationPublic: (token: string) => ['invitation', token, 'public'] as const,
};

export const getAccount = (signal?: AbortSignal) => get<Account>('/accounts', signal);
export const resendVerification = () => send<{ sent: boolean }>('POST', '/account/verification');
export const changePassword = (current_password: string, new_password: string) =>
  send<null>('POST', '/account/password', { current_password, new_password });
export const getSessions = (signal?: AbortSignal) => get<AccountSessions>('/account/sessions', signal);
export const endOtherSessions = () => send<{ ended: number }>('DELETE', '/account/sessions/others');
export const endSession = (id: string) => send<null>('DELETE', `/account/sessions/${enc(id)}`);
export const deleteAccount = () => send<null>('DELETE', '/account');
/** The language the account's e-mail is written in. */
export const setAccountLanguage = (language: string) =>
  send<{ stored: boolean }>('PUT', '/account/language', { language });

export const listInvitations = (org: string, signal?: AbortSignal) =>
  get<Invitation[]>(`/orgs/${enc(org)}/invitations`, signal);
export const revokeInvitation = (org: string, id: string) =>
  send<null>('DELETE', `/orgs/${enc(org)}/invitations/${enc(id)}`);
export const previewInvitation = (token: string, signal?: AbortSignal) =>
  get<InvitationPreview>(`/invitations/${enc(token)}`, signal);
/** What a visitor not signed in sees of an invitation link: the organisation and who invited. */
export const previewInvitationPublic = (token: string, signal?: AbortSignal) =>
  api<InvitationPublicPreview>(`/invitations/${enc(token)}/public`, { auth: 'none', signal });
export const acceptInvitation = (token: string) =>
  send<Organisation>('POST', `/invitations/${enc(token)}/accept`);

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
