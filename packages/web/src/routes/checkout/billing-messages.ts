/**
 * The billing routes' fixed messages (checkout and self-service, product spec §8) in the reader's
 * language: each English wording the server sends maps to a key of the billing namespace; any
 * other message is shown as the server wrote it.
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../lib/api.js';
import { errorDetail } from '../../ui/states.js';

const KNOWN: Record<string, string> = {
  'Missing price information': 'errors.missingPrice',
  'The plan is not available for subscription': 'server.notSubscribable',
  'This plan is tailored on request: contact us instead of checking out': 'server.customPlan',
  'The free plan needs no checkout': 'server.freePlan',
  'This plan is bought once per organisation: quantity must be 1': 'server.singleQuantity',
  'The organisation already has a subscription of this plan type: change that one instead':
    'server.alreadySubscribed',
  'Checkout could not be prepared': 'server.prepareFailed',
  'Transaction not found': 'server.transactionNotFound',
  'This subscription is not billed through the payment provider: staff change it': 'server.notBilled',
  'This subscription is billed through another payment provider': 'server.otherProvider',
  'The subscription has ended': 'server.ended',
  'A subscription changes to a plan of the same type only': 'server.otherPlanType',
  'The subscription already has this price and quantity': 'server.nothingToChange',
  'The subscription is not set to cancel': 'server.notCancelled',
  'A perpetual licence does not renew: contact us to change it': 'server.perpetual',
  'The payment provider could not make the change': 'server.providerFailed',
};

/** The billing namespace's `t` (any i18next translate function of it). */
export type BillingT = (key: string, values?: Record<string, string>) => string;

const SUBSCRIPTION_NOT_FOUND = /^Subscription (.+) not found$/;

/** The catalogue key (and values) of a billing message the server sends, when it is one. */
export function billingMessageKey(message: string): { key: string; values?: Record<string, string> } | null {
  const key = KNOWN[message];
  if (key) return { key };
  const missing = SUBSCRIPTION_NOT_FOUND.exec(message);
  if (missing?.[1]) return { key: 'server.subscriptionNotFound', values: { id: missing[1] } };
  return null;
}

/** What a failed billing call says, translated when the message is a known one. */
export function billingErrorText(error: unknown, t: BillingT): string | undefined {
  if (error instanceof ApiError) {
    const known = billingMessageKey(error.message);
    if (known) return t(known.key, known.values);
  }
  return errorDetail(error);
}

/** A failed billing action: the translated headline and what went wrong. */
export function notifyBillingFailure(title: string, error: unknown, t: BillingT): void {
  notifications.show({ color: 'red', title, message: billingErrorText(error, t) ?? title, autoClose: 8000 });
}
