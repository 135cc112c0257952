// What a provider's event says, in the service's own terms: each provider translates its events
// into these snapshots at its edge (paddle/events.ts), and the core applies nothing else.
import type { SubscriptionState, TransactionStatus } from '@slugsmith/contract';

/** A verified event as the pipeline stores it; `payload` is the provider's own, kept for staff. */
export interface ProviderEvent {
  eventId: string;
  /** The provider's name for it (`subscription.updated`): shown to staff, filtered by its prefix. */
  eventType: string;
  occurredAt: Date;
  entityId: string | null;
  customerId: string | null;
  payload: Record<string, unknown>;
}

/** A stored event as it is read for applying: its type and the provider's payload. */
export interface StoredEvent {
  eventType: string;
  payload: unknown;
}

/** A subscription as the provider holds it after the event. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The organisation and plan price our checkout named (custom data), unchecked. */
  namedOrgId: unknown;
  namedPriceId: unknown;
  state: SubscriptionState;
  items: {
    providerPriceId: string;
    /** Our price id as the provider's price carries it, unchecked. */
    priceId: unknown;
    quantity: number;
    trialEndsAt: Date | null;
  }[];
  startedAt: Date | null;
  period: { startsAt: Date; endsAt: Date } | null;
  nextBilledAt: Date | null;
  canceledAt: Date | null;
  /** When a scheduled change takes effect, and whether it is a cancellation. */
  scheduledChange: { cancel: boolean; effectiveAt: Date } | null;
}

/** A transaction (a checkout, renewal, proration or refund) as the provider holds it. */
export interface TransactionSnapshot {
  id: string;
  status: TransactionStatus;
  customerId: string | null;
  subscriptionId: string | null;
  namedOrgId: unknown;
  namedPriceId: unknown;
  origin: string;
  currency: string;
  invoiceNumber: string | null;
  billedAt: Date | null;
  createdAt: Date | null;
  /** Minor units; null when the provider stated none yet. */
  totals: { subtotal: number; tax: number; total: number } | null;
  /** The tax rates applied ("0.19"), one per rate when lines differ. */
  taxRates: string[];
  lines: { description: string; quantity: number; amount: number }[];
}

export type ProviderSnapshot =
  | { kind: 'subscription'; subscription: SubscriptionSnapshot }
  | { kind: 'transaction'; transaction: TransactionSnapshot }
  /** An event the service does not act on (customers, prices, …): stored and ignored. */
  | { kind: 'other' };
