import { RefusalCode } from '@slugsmith/contract';
import i18n from 'i18next';
import { type ApiError, refusalReason } from '../lib/api.js';
import { generatorMessageKey, isGeneratorErrorCode } from './generator-messages.js';
import { isPatternErrorCode, patternMessageKey } from './pattern-messages.js';

type Params = Record<string, string | number>;
interface Known {
  key: string;
  params?: Params;
}

/** §8's HTTP status texts: what the console says when the server gives no refusal code. */
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

/**
 * The console's own refusals (api.ts says which in `details.reason`): a request that got no
 * answer (offline, timed out) and a signed-in call without a token.
 */
const CLIENT_REASONS: Record<string, string> = {
  offline: 'errors:network.offline',
  timeout: 'errors:network.timeout',
  no_access_token: 'errors:auth.noAccessToken',
  no_token: 'errors:auth.noToken',
};

function byClient(error: ApiError): Known | null {
  const key = CLIENT_REASONS[refusalReason(error) ?? ''];
  return key ? { key } : null;
}

/** The figures of a refusal's details (max, remaining, retry_after, id, …): its translation's values. */
function figures(details: Record<string, unknown>): Params {
  return Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/**
 * A refusal by its code (`errors:reason.<code>`) with the figures the server gives. `details.limit`
 * is the i18next context: a code said differently per limit (a slice's window, a pattern's
 * components) has `<code>_<limit>` entries, and the plain entry otherwise. A pattern the engine
 * refused is said by the engine's code (`details.code`) in the playground's words, the engine's
 * other refusals (count, seed, sequence, bundle) by theirs.
 */
function byReason(error: ApiError): Known | null {
  const code = RefusalCode.safeParse(refusalReason(error));
  if (!code.success) return null;
  const all = (error.details ?? {}) as Record<string, unknown>;
  if (code.data === 'invalid_pattern') {
    const params = all.params && typeof all.params === 'object' ? all.params : {};
    if (isPatternErrorCode(all.code)) return patternMessageKey(all.code, params);
    if (isGeneratorErrorCode(all.code)) return generatorMessageKey(all.code, params);
  }
  const details = figures(all);
  const { limit } = details;
  return {
    key: `errors:reason.${code.data}`,
    params: typeof limit === 'string' ? { ...details, context: limit } : details,
  };
}

/**
 * The server's refusal in the reader's language, chosen by its code (never by its words); without
 * a code, the console's own refusal or the status's text, else the server's own text. Also used outside components
 * (notifications), so it reads the app's i18next instance; a namespace not loaded yet falls back
 * to the server text.
 */
export function serverMessage(error: ApiError): string {
  const found = byReason(error) ?? byClient(error) ?? byStatus(error);
  if (!found) return error.message;
  const [ns = 'errors', key = ''] = found.key.split(':');
  if (!i18n.exists(key, { ns })) return error.message;
  return i18n.t(key, { ...found.params, ns, defaultValue: error.message });
}
