import i18n from 'i18next';
import type { ApiError } from '../../lib/api.js';
import { errorReason } from '../../lib/console-api.js';
import { catalogueMessage } from '../../lib/validation-messages.js';
import { adminMessage } from '../admin/admin-messages.js';
import { patternMessageKey } from '../playground/pattern-messages.js';

type Params = Record<string, string | number>;
interface Known {
  key: string;
  params?: Params;
}

/**
 * The server's fixed messages (contract ErrorMessages and the console areas' own wording) with the
 * catalogue entry that says the same thing in the reader's language; the validation messages of
 * the contract are looked up in `catalogueMessage`.
 */
export const KNOWN_MESSAGES: Record<string, string> = {
  'Your session has expired': 'errors:general.sessionExpired',
  'Authentication failed': 'errors:general.authFailed',
  "You don't have permission to access this resource": 'errors:general.forbidden',
  'Account not found': 'errors:general.accountNotFound',
  'Insufficient permissions': 'dashboard:serverMessages.insufficientPermissions',
  'Resource not found': 'dashboard:serverMessages.notFound',
  'Request conflicts with existing data': 'dashboard:serverMessages.conflict',
  'This slug is taken': 'dashboard:serverMessages.slugTaken',
  'Already a member': 'dashboard:serverMessages.alreadyMember',
  'The email address of this account is not verified': 'account:members.notVerified',
  'An organisation needs at least one owner': 'dashboard:serverMessages.lastOwner',
  'The personal organisation cannot be deleted': 'dashboard:danger.personal',
  'The pattern cannot be changed once ids have been generated': 'dashboard:serverMessages.patternLocked',
  'Pattern is too complex': 'errors:playground.tooComplex',
  'User not authenticated': 'errors:auth.notAuthenticated',
  'Failed to obtain access token': 'errors:auth.noAccessToken',
  'Authentication required but no token available': 'errors:auth.noToken',
  'Resource has been deleted': 'errors:http.410',
  // The generator API's refusals of a key or signed request (the self-check meets them).
  'Origin not allowed': 'errors:auth.originNotAllowed',
  'Invalid API key': 'errors:auth.invalidApiKey',
  'API key has expired': 'errors:auth.expiredApiKey',
  'Invalid signature': 'errors:auth.invalidSignature',
  'Request timestamp is outside the allowed window': 'errors:auth.staleTimestamp',
  'Request signature was already used': 'errors:auth.replayedSignature',
  'Invalid SDK config': 'errors:auth.invalidSdkConfig',
};

/** §8's HTTP status texts: what the console says when the server's own words are not known. */
export const STATUS_TEXTS = [400, 401, 403, 404, 405, 408, 410, 429, 500, 502, 503, 504];

/**
 * The status's own text when the server gave no message ('API Error'). A 401 or 410 says the
 * status's text whatever unknown words came with it; any other unknown message stays, being more
 * specific than the status. A status without its own text says its number.
 */
function byStatus(error: ApiError): Known | null {
  const { code } = error;
  if (code === 401 || code === 410) return { key: `errors:http.${code}` };
  if (error.message !== 'API Error' || code < 400 || code > 599) return null;
  return STATUS_TEXTS.includes(code)
    ? { key: `errors:http.${code}` }
    : { key: 'errors:http.other', params: { status: code } };
}

/** A request that got no answer: offline or timed out (api.ts says which in `details.reason`). */
function byNetwork(error: ApiError): Known | null {
  if (error.code !== 0) return null;
  const reason = errorReason(error);
  if (reason === 'offline') return { key: 'errors:network.offline' };
  if (reason === 'timeout') return { key: 'errors:network.timeout' };
  return null;
}

const detail = (details: Record<string, unknown>, name: string): string | number | undefined => {
  const value = details[name];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
};

/** A call beyond one of the plan's maximums: a count per request or a slice window. */
function planSizeRefusal(limit: string | number | undefined, max: string | number | undefined): Known | null {
  if (max === undefined) return null;
  if (limit === 'slice_window_back') return { key: 'errors:plan.sliceBehind', params: { max } };
  if (limit === 'slice_window_forward') return { key: 'errors:plan.sliceAhead', params: { max } };
  return { key: 'errors:plan.countTooLarge', params: { max } };
}

/** A refusal the server explains by `details.reason`, with the figures it gives. */
function byReason(error: ApiError): Known | null {
  const details = (error.details ?? {}) as Record<string, unknown>;
  const max = detail(details, 'max');
  switch (errorReason(error)) {
    case 'already_member':
      return { key: 'dashboard:serverMessages.alreadyMember' };
    case 'last_owner':
      return { key: 'dashboard:serverMessages.lastOwner' };
    case 'personal_organisation':
      return { key: 'dashboard:danger.personal' };
    case 'pattern_locked':
      return { key: 'dashboard:serverMessages.patternLocked' };
    case 'series_exhausted': {
      const remaining = detail(details, 'remaining');
      return remaining === undefined
        ? null
        : { key: 'dashboard:serverMessages.seriesExhausted', params: { remaining } };
    }
    case 'plan_limit':
      return detail(details, 'limit') === 'max_series' && max !== undefined
        ? { key: 'dashboard:serverMessages.planSeriesLimit', params: { max } }
        : null;
    case 'request-size-exceeded':
      return planSizeRefusal(detail(details, 'limit'), max);
    case 'daily-limit-exceeded':
      return max === undefined ? null : { key: 'errors:plan.dailyQuota', params: { max } };
    case 'monthly-limit-exceeded':
      return max === undefined ? null : { key: 'errors:plan.monthlyQuota', params: { max } };
    case 'rate-limit-exceeded': {
      const seconds = detail(details, 'retry_after');
      return seconds === undefined ? null : { key: 'errors:plan.rateLimited', params: { seconds } };
    }
    case 'not-available':
      return { key: 'errors:plan.notAvailable' };
    case 'pattern-too-complex':
      if (max === undefined) return { key: 'errors:playground.tooComplex' };
      return detail(details, 'limit') === 'max_pattern_components'
        ? { key: 'dashboard:serverMessages.tooManyComponents', params: { max } }
        : { key: 'dashboard:serverMessages.tooComplex', params: { max } };
    default:
      return null;
  }
}

function known(error: ApiError): Known | null {
  const reason = byReason(error);
  if (reason) return reason;
  const key = KNOWN_MESSAGES[error.message];
  if (key) return { key };
  const admin = adminMessage(error.message);
  if (admin) return admin;
  const validation = catalogueMessage(error.message);
  if (validation) return { key: validation.key, params: validation.values };
  // A pattern the engine refused (400 on series create and update): the playground's wording.
  const pattern = error.code === 400 ? patternMessageKey(error.message) : null;
  if (pattern) return { key: `playground:parser.${pattern.key}`, params: pattern.params };
  return byNetwork(error) ?? byStatus(error);
}

/**
 * The server's message in the reader's language when the catalogues know it (by reason, then by
 * its exact words); otherwise the server's own text. Also used outside components (notifications),
 * so it reads the app's i18next instance; a namespace not loaded yet falls back to the server text.
 */
export function serverMessage(error: ApiError): string {
  const found = known(error);
  if (!found) return error.message;
  const [ns = 'dashboard', key = ''] = found.key.split(':');
  if (!i18n.exists(key, { ns })) return error.message;
  return i18n.t(key, { ns, ...found.params, defaultValue: error.message });
}
