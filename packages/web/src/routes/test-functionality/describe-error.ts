import { SlugsmithError } from '@slugsmith/sdk';
import { ApiError } from '../../lib/api.js';
import { toApiError } from '../../lib/generator-api.js';
import { serverMessage } from '../../ui/server-messages.js';

/**
 * A failed check's words in the reader's language: the status, then the server's message as the
 * console translates it. The signed check calls the SDK directly, so its errors are turned into
 * the console's first (else "Authentication failed: Origin not allowed" would show raw).
 */
export function describeCheckError(error: unknown): string {
  const api = error instanceof SlugsmithError ? toApiError(error) : error;
  if (api instanceof ApiError) return `${api.code > 0 ? `${api.code} ` : ''}${serverMessage(api)}`;
  return api instanceof Error ? api.message : String(api);
}
