// Checkout: an owner or admin of an organisation buys one plan price; the provider prepares what
// the browser opens (the sandbox's hosted page, or Paddle.js). The subscription itself arrives
// later, with the provider's events.
import {
  type CheckoutRequest,
  type CheckoutSession,
  ErrorMessages,
  LIVE_SUBSCRIPTION_STATES,
  orgRoleRank,
} from '@slugsmith/contract';
import type { CallerAccount } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { isOrgSuspended } from '../admin/restrictions.js';
import { findMembership, findOrgById } from '../orgs/read.js';
import { subscribable } from '../plans/catalogue.js';
import { checkoutBuyer } from './parties.js';
import * as q from './queries.js';
import type { Billing } from './service.js';

export const CheckoutMessages = {
  missingPrice: 'Missing price information',
  notSubscribable: 'The plan is not available for subscription',
  customPlan: 'This plan is tailored on request: contact us instead of checking out',
  freePlan: 'The free plan needs no checkout',
  singleQuantity: 'This plan is bought once per organisation: quantity must be 1',
  alreadySubscribed: 'The organisation already has a subscription of this plan type: change that one instead',
  prepareFailed: 'Checkout could not be prepared',
  unknownTransaction: 'This payment link is unknown or has expired',
  transactionClosed: 'This payment was already made, or its link is closed',
  onPremise: 'This server is an on-premise install held to its licence: it sells no plans',
} as const;

/** An install's licence holds every organisation: no checkout leads to a payment there. */
function refuseOnPremise(billing: Billing): void {
  if (billing.deps.onPremise) {
    throw ApiError.conflict(CheckoutMessages.onPremise, { reason: 'on_premise_install' });
  }
}

/**
 * The price a checkout or a plan change names, refused unless it can be bought: its plan open for
 * subscription, neither custom (contact) nor free, and quantity 1 unless charged per node.
 * `fields` name the request's fields in the refusals.
 */
export async function purchasablePrice(
  db: Db,
  item: { price: string; quantity: number },
  fields: { price: string; quantity: string },
) {
  const found = await q.findPrice(db, item.price);
  if (!found)
    throw ApiError.badRequest(CheckoutMessages.missingPrice, {
      reason: 'missing_price',
      field: fields.price,
    });
  const { plan, price } = found;
  if (!subscribable(plan.state)) {
    throw ApiError.conflict(CheckoutMessages.notSubscribable, {
      reason: 'plan_not_subscribable',
      state: plan.state,
    });
  }
  if (plan.customPlan) throw ApiError.conflict(CheckoutMessages.customPlan, { reason: 'custom_plan' });
  if (plan.free || price.amount === 0) {
    throw ApiError.badRequest(CheckoutMessages.freePlan, { reason: 'free_plan', field: fields.price });
  }
  // Per-node prices (on-premise) are bought per concurrent node; the others once.
  if (!price.perNode && item.quantity !== 1) {
    throw ApiError.badRequest(CheckoutMessages.singleQuantity, {
      reason: 'single_quantity',
      field: fields.quantity,
    });
  }
  return found;
}

export async function prepareCheckout(
  billing: Billing,
  account: CallerAccount,
  input: CheckoutRequest,
): Promise<CheckoutSession> {
  refuseOnPremise(billing);
  const { db, provider } = billing;
  const org = await findMembership(db, input.org_slug, account.id);
  // An organisation the caller does not belong to looks exactly like one that does not exist.
  if (!org) throw ApiError.notFound();
  if (orgRoleRank[org.role] < orgRoleRank.admin) {
    throw ApiError.forbidden(ErrorMessages.insufficientPermissions, {
      reason: 'insufficient_permissions',
      required_role: 'admin',
    });
  }
  // As for every write of a member of a suspended organisation (the organisation is in the body
  // here, not in the path the access check reads).
  if (await isOrgSuspended(db, billing.deps.caches, org.id)) {
    throw ApiError.forbidden(ErrorMessages.orgSuspended, { reason: 'org_suspended' });
  }
  const item = input.items[0];
  const { plan, price } = await purchasablePrice(db, item, {
    price: 'items.0.price',
    quantity: 'items.0.quantity',
  });
  const live = await q.liveProviderSubscriptionOfType(db, org.id, plan.planType, LIVE_SUBSCRIPTION_STATES);
  if (live) {
    throw ApiError.conflict(CheckoutMessages.alreadySubscribed, {
      reason: 'already_subscribed',
      subscription: live,
    });
  }

  let providerPriceId: string | undefined;
  try {
    providerPriceId = await billing.providerPriceId(price.id);
  } catch (error) {
    billing.deps.log.error({ err: error }, 'catalogue sync for checkout failed');
    throw new ApiError(502, CheckoutMessages.prepareFailed, { reason: 'catalogue_sync_failed' });
  }
  if (!providerPriceId)
    throw new ApiError(502, CheckoutMessages.prepareFailed, { reason: 'price_not_synced' });

  const successUrl = `${billing.deps.publicUrl}/checkout/success?org=${encodeURIComponent(org.slug)}`;
  // The checkout form again, with what was chosen, saying the payment was cancelled.
  const cancelUrl = `${billing.deps.publicUrl}/checkout?${new URLSearchParams({
    cancelled: '1',
    org: org.slug,
    plan: plan.slug,
    period: price.period,
    quantity: String(item.quantity),
  })}`;
  // Tax follows the buyer's country and VAT number (the form asks them when none are stored).
  const buyer = await checkoutBuyer(db, org.id, input);
  try {
    const prepared = await provider.prepareCheckout({
      org: { id: org.id, slug: org.slug, name: org.name },
      customer: {
        email: account.email,
        providerCustomerId: (await q.findRef(db, provider.name, 'customer', org.id)) ?? null,
      },
      item: { providerPriceId, quantity: item.quantity },
      ...buyer,
      successUrl,
      cancelUrl,
      reference: { orgId: org.id, priceId: price.id },
    });
    return {
      provider: provider.name,
      transaction_id: prepared.transactionId,
      checkout_url: prepared.checkoutUrl,
      provider_token: prepared.providerToken,
      environment: prepared.environment,
      success_url: successUrl,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    billing.deps.log.error({ err: error }, 'checkout preparation failed');
    throw new ApiError(502, CheckoutMessages.prepareFailed, { reason: 'provider_error' });
  }
}

/**
 * The checkout of a transaction the provider made (Paddle e-mails buyers its default payment link,
 * our console's /checkout?_ptxn=…): what the browser needs to open it, and where the buyer lands
 * after paying (the organisation the transaction is for, when it names one of ours).
 */
export async function resumeCheckout(billing: Billing, transactionId: string): Promise<CheckoutSession> {
  refuseOnPremise(billing);
  const { provider } = billing;
  let found: Awaited<ReturnType<typeof provider.resumeCheckout>>;
  try {
    found = await provider.resumeCheckout(transactionId);
  } catch (error) {
    billing.deps.log.error({ err: error }, 'payment link look-up failed');
    throw new ApiError(502, CheckoutMessages.prepareFailed, { reason: 'provider_error' });
  }
  if (!found)
    throw ApiError.notFound(CheckoutMessages.unknownTransaction, { reason: 'payment_link_unknown' });
  if (!found.open)
    throw ApiError.conflict(CheckoutMessages.transactionClosed, { reason: 'transaction_closed' });
  const slug = found.orgId ? (await findOrgById(billing.db, found.orgId))?.slug : undefined;
  const successUrl = `${billing.deps.publicUrl}/checkout/success${slug ? `?org=${encodeURIComponent(slug)}` : ''}`;
  return {
    provider: provider.name,
    transaction_id: found.transactionId,
    checkout_url: found.checkoutUrl,
    provider_token: found.providerToken,
    environment: found.environment,
    success_url: successUrl,
  };
}
