/**
 * The billing routes' refusals (checkout and self-service, product spec §8) in the reader's
 * language, chosen by their code (`details.reason`); any other refusal is shown as the server
 * wrote it.
 */

import { notifications } from '@mantine/notifications';
import type { RefusalCode } from '@slugsmith/contract';
import { ApiError, refusalDetail, refusalReason } from '../../lib/api.js';
import { errorDetail } from '../../ui/states.js';

const CODE_KEYS: Partial<Record<RefusalCode, string>> = {
  missing_price: 'errors.missingPrice',
  plan_not_subscribable: 'server.notSubscribable',
  custom_plan: 'server.customPlan',
  free_plan: 'server.freePlan',
  single_quantity: 'server.singleQuantity',
  already_subscribed: 'server.alreadySubscribed',
  transaction_not_found: 'server.transactionNotFound',
  not_billed: 'server.notBilled',
  other_provider: 'server.otherProvider',
  ended: 'server.ended',
  other_plan_type: 'server.otherPlanType',
  nothing_to_change: 'server.nothingToChange',
  not_cancelling: 'server.notCancelled',
  perpetual_licence: 'server.perpetual',
};

/** The payment provider did not answer as expected: what failed depends on what was being done. */
const PROVIDER_FAILURES: ReadonlySet<string> = new Set<RefusalCode>([
  'price_not_synced',
  'provider_error',
  'catalogue_sync_failed',
]);

/** What the reader was doing when the call failed: preparing a checkout or changing a subscription. */
export type BillingStep = 'checkout' | 'change';

/** The billing namespace's `t` (any i18next translate function of it). */
export type BillingT = (key: string, values?: Record<string, string>) => string;

/** The catalogue key (and values) of a billing refusal, when the console knows its code. */
export function billingMessageKey(
  error: unknown,
  step: BillingStep = 'change',
): { key: string; values?: Record<string, string> } | null {
  const reason = refusalReason(error);
  if (reason === undefined) return null;
  if (reason === 'subscription_not_found') {
    return { key: 'server.subscriptionNotFound', values: { id: String(refusalDetail(error, 'id') ?? '') } };
  }
  if (PROVIDER_FAILURES.has(reason)) {
    return { key: step === 'checkout' ? 'server.prepareFailed' : 'server.providerFailed' };
  }
  const key = CODE_KEYS[reason as RefusalCode];
  return key ? { key } : null;
}

/** What a failed billing call says, translated when its code is a known one. */
export function billingErrorText(
  error: unknown,
  t: BillingT,
  step: BillingStep = 'change',
): string | undefined {
  if (error instanceof ApiError) {
    const known = billingMessageKey(error, step);
    if (known) return t(known.key, known.values);
  }
  return errorDetail(error);
}

/** A failed billing action: the translated headline and what went wrong. */
export function notifyBillingFailure(title: string, error: unknown, t: BillingT): void {
  notifications.show({ color: 'red', title, message: billingErrorText(error, t) ?? title, autoClose: 8000 });
}
