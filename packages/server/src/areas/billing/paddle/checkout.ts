// Checkout: our server creates the Paddle transaction (price, quantity, the buyer as a Paddle
// customer, our custom_data), the browser opens it with Paddle.js by its id and client token.
import type { ICustomerResponse, ITransactionResponse } from '@paddle/paddle-node-sdk';
import type { Db } from '../../../db/connect.js';
import { billingRefs } from '../../../db/schema.js';
import type { CheckoutInput, PreparedCheckout, ResumedCheckout } from '../provider.js';
import { type PaddleApi, PaddleApiError } from './api.js';
import { customDataOf } from './events.js';

export async function prepareCheckout(
  api: PaddleApi,
  db: Db,
  config: { clientToken: string; environment: 'sandbox' | 'production' },
  input: CheckoutInput,
): Promise<PreparedCheckout> {
  const customerId = input.customer.providerCustomerId ?? (await customerFor(api, db, input));
  // No checkout.url: Paddle.js opens the transaction by id; Paddle's default payment link (set in
  // its dashboard) serves only the links Paddle e-mails, which must reach a page that loads Paddle.js.
  const transaction = await api.call<ITransactionResponse>('POST', '/transactions', {
    items: [{ price_id: input.item.providerPriceId, quantity: input.item.quantity }],
    customer_id: customerId,
    custom_data: customDataOf(input.reference),
    collection_mode: 'automatic',
  });
  return {
    transactionId: transaction.id,
    checkoutUrl: null,
    providerToken: config.clientToken,
    environment: config.environment,
  };
}

/** Paddle's transaction ids: `txn_` and 26 lower-case letters and digits. */
const TRANSACTION_ID = /^txn_[a-z0-9]{26}$/;

/**
 * A transaction Paddle sent a buyer to our default payment link for (`?_ptxn=`): Paddle.js opens
 * it by id like one we prepared. Anything not shaped like Paddle's id is not asked about.
 */
export async function resumeCheckout(
  api: PaddleApi,
  config: { clientToken: string; environment: 'sandbox' | 'production' },
  transactionId: string,
): Promise<ResumedCheckout | undefined> {
  if (!TRANSACTION_ID.test(transactionId)) return undefined;
  let transaction: ITransactionResponse;
  try {
    transaction = await api.call<ITransactionResponse>('GET', `/transactions/${transactionId}`);
  } catch (error) {
    if (error instanceof PaddleApiError && error.status === 404) return undefined;
    throw error;
  }
  const orgId = transaction.custom_data?.org_id;
  return {
    transactionId: transaction.id,
    checkoutUrl: null,
    providerToken: config.clientToken,
    environment: config.environment,
    open: transaction.status === 'draft' || transaction.status === 'ready',
    orgId: typeof orgId === 'string' ? orgId : null,
  };
}

/**
 * The buyer's Paddle customer, found by e-mail (Paddle keeps one customer per address) or created,
 * and remembered as the organisation's customer so later checkouts skip the look-up.
 */
async function customerFor(api: PaddleApi, db: Db, input: CheckoutInput): Promise<string> {
  const email = input.customer.email;
  let customer = await findCustomer(api, email);
  if (customer === undefined) {
    try {
      customer = await api.call<ICustomerResponse>('POST', '/customers', { email });
    } catch (error) {
      // Another checkout of the same buyer created it meanwhile.
      if (!(error instanceof PaddleApiError && error.code === 'customer_already_exists')) throw error;
      customer = await findCustomer(api, email);
      if (customer === undefined) throw error;
    }
  }
  if (customer.status === 'archived') {
    customer = await api.call<ICustomerResponse>('PATCH', `/customers/${customer.id}`, { status: 'active' });
  }
  // One Paddle customer may pay for several organisations; the first keeps the reference.
  await db
    .insert(billingRefs)
    .values({ provider: 'paddle', kind: 'customer', localId: input.org.id, providerId: customer.id })
    .onConflictDoNothing();
  return customer.id;
}

async function findCustomer(api: PaddleApi, email: string): Promise<ICustomerResponse | undefined> {
  const query = new URLSearchParams({ email, status: 'active,archived' });
  const found = await api.call<ICustomerResponse[]>('GET', `/customers?${query}`);
  return found.find((c) => c.email.toLowerCase() === email.toLowerCase());
}
