import type { Scope } from '@slugsmith/contract';
import { CreateApiKey } from '@slugsmith/contract';
import { EXPIRY_IN_PAST } from '../../../../lib/validation-messages.js';
import { expiryAhead } from '../../../../model/api-keys.js';
import { contractForm, expiryFromDate } from '../../../../ui/forms.js';

export const ALL_SERIES = '';

export interface ApiKeyValues {
  name: string;
  scopes: Scope[];
  series: string;
  /** The day picked, YYYY-MM-DD; empty: never expires. */
  expires_at: string;
}

/**
 * The key a create form sends, checked against the contract; the console also refuses an expiry
 * in the past (the API would take it, for a key that never works).
 */
export const apiKeyForm = contractForm(
  CreateApiKey.extend({
    expires_at: CreateApiKey.shape.expires_at.refine((expiry) => expiryAhead(expiry), EXPIRY_IN_PAST),
  }),
  (values: ApiKeyValues) => ({
    name: values.name.trim(),
    scopes: values.scopes,
    expires_at: expiryFromDate(values.expires_at),
    ...(values.series ? { series: values.series } : {}),
  }),
);
