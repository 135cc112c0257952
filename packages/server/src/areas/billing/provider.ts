// What the billing area needs of a payment provider. Two implement it: `local` (the embedded
// sandbox: our own hosted checkout, records in our database) and `paddle`. Each reads its own events
// into the service's snapshots (./snapshots.ts), so one pipeline stores and applies them.
import type {
  ChangePreview,
  PaymentProviderName,
  ProviderObject,
  ProviderObjectKind,
  ProviderObjectQuery,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ProviderEvent, ProviderSnapshot, StoredEvent } from './snapshots.js';

/** A plan price as the provider needs it to create its own product and price. */
export interface CatalogueItem {
  plan: { id: string; slug: string; name: string; description: string; planType: string; active: boolean };
  price: {
    id: string;
    period: 'monthly' | 'semi_annual' | 'annual' | 'perpetual';
    amount: number;
    currency: string;
    perNode: boolean;
    /** Free days before the first charge (0: none). */
    trialDays: number;
  };
}

/** The provider's ids for our plans and prices after a sync (stored in `billing_refs`). */
export interface SyncResult {
  products: { planId: string; providerId: string }[];
  prices: { priceId: string; providerId: string }[];
}

export interface CheckoutInput {
  org: { id: string; slug: string; name: string };
  /** The buyer: the signed-in account that asked. */
  customer: { email: string; providerCustomerId: string | null };
  item: { providerPriceId: string; quantity: number };
  /** The buyer's country and VAT number (the organisation's billing details): tax follows them. */
  countryCode?: string;
  vatNumber?: string;
  /** Where the buyer lands after paying (our /checkout/success). */
  successUrl: string;
  /** Where the buyer returns when they give up on the provider's page (our /checkout?cancelled=1). */
  cancelUrl: string;
  /** Our ids, sent back with every event of the transaction and the subscription (named…Id). */
  reference: { orgId: string; priceId: string };
}

export interface PreparedCheckout {
  transactionId: string;
  /** The provider's hosted checkout page to send the browser to; null when its script opens it. */
  checkoutUrl: string | null;
  /** The public token the provider's checkout script opens it with (Paddle.js); null for a page. */
  providerToken: string | null;
  environment: 'sandbox' | 'production';
}

/** A transaction made elsewhere, reopened for checkout (Paddle's default payment link, `?_ptxn=`). */
export interface ResumedCheckout extends PreparedCheckout {
  /** False once it is paid or closed: there is nothing left to pay. */
  open: boolean;
  /** Our organisation, as the transaction's reference names it (null when it names none). */
  orgId: string | null;
}

export interface PlanChange {
  providerPriceId: string;
  quantity: number;
}

/** A page of provider objects; `more` when another page follows. */
export interface ProviderObjectList {
  items: ProviderObject[];
  more: boolean;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates or updates the provider's products and prices for our plans. */
  syncCatalogue(items: readonly CatalogueItem[], known: SyncResult): Promise<SyncResult>;
  prepareCheckout(input: CheckoutInput): Promise<PreparedCheckout>;
  /** The checkout of a transaction the provider knows by id; undefined when it knows none. */
  resumeCheckout(transactionId: string): Promise<ResumedCheckout | undefined>;
  /**
   * Checks a webhook's signature over its raw body and reads its envelope. Throws WebhookRejected
   * when the signature is missing, wrong or too old: nothing of such a request is stored.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): ProviderEvent;
  /** Reads the envelope of a payload staff corrected; throws a ZodError when it is not an event. */
  readEvent(payload: unknown): ProviderEvent;
  /**
   * What a stored event says in the service's terms, read when it is applied (staff may have
   * corrected its payload meanwhile); throws a ZodError when the data is not what its type promises.
   */
  snapshotOf(event: StoredEvent): ProviderSnapshot;
  /** The proration the provider would charge or credit now for a change, without making it. */
  previewChange(subscriptionId: string, change: PlanChange): Promise<ChangePreview>;
  /** Changes plan or quantity now, prorated; the provider's events bring the new state. */
  changeSubscription(subscriptionId: string, change: PlanChange): Promise<void>;
  /** Cancels at the end of the current period (or now, for staff). */
  cancelSubscription(subscriptionId: string, when: 'period_end' | 'immediately'): Promise<void>;
  /** Undoes a scheduled cancellation. */
  resumeSubscription(subscriptionId: string): Promise<void>;
  /**
   * A second live subscription of a plan type (or one of a plan no longer sold) that the checks
   * could not stop: refunds and cancels it when the provider lets us (the sandbox, true), else
   * false and staff settle it with the provider.
   */
  undoDuplicate(subscriptionId: string): Promise<boolean>;
  /** A page where the customer replaces the card of a subscription. */
  paymentMethodUrl(subscriptionId: string, returnUrl: string): Promise<string>;
  /** Staff's view of what the provider holds (§7.7), newest first, with the kind's filters. */
  listObjects(kind: ProviderObjectKind, query: ProviderObjectQuery): Promise<ProviderObjectList>;
  /** One of them, or null when the provider has none with that id. */
  getObject(kind: ProviderObjectKind, id: string): Promise<ProviderObject | null>;
}

/** A webhook whose signature does not hold: answered 400, nothing stored. */
export class WebhookRejected extends Error {}

/** A provider as the app runs it: its own routes (hosted pages, sandbox controls) and jobs. */
export interface ProviderRuntime extends PaymentProvider {
  /** Registers the provider's own routes under the API prefix (none for Paddle). */
  routes(api: FastifyInstance): void;
  /** Loads what verification needs and starts the provider's jobs (renewals, deliveries). */
  start(): Promise<void>;
  /** Stops its jobs and waits for the running ones. */
  stop(): Promise<void>;
}
