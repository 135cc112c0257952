import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect.js';
import { localPayPrices, localPayProducts } from '../../../db/schema.js';
import { signPaymentLink } from './links.js';
import type { Deliveries, EventBatch, Tx } from './outbox.js';
import {
  type PriceWithProduct,
  type SubscriptionRow,
  subscriptionPayload,
  type TransactionRow,
  transactionPayload,
} from './payloads.js';
import type { SandboxClock } from './settings.js';

/** What every sandbox operation works with. */
export interface Sandbox {
  db: Db;
  clock: SandboxClock;
  deliveries: Deliveries;
  log: FastifyBaseLogger;
  urls: SandboxUrls;
  /** The webhook secret (also what signs payment-method links); throws before start(). */
  secret: () => string;
}

/** The payment-method page of a subscription, with a link signature valid for a day. */
export function paymentMethodLink(sandbox: Sandbox, subscriptionId: string): string {
  const token = signPaymentLink(sandbox.secret(), subscriptionId, Date.now());
  return `${sandbox.urls.paymentMethod(subscriptionId)}?token=${token}`;
}

export class SandboxUrls {
  readonly base: string;
  constructor(publicUrl: string) {
    this.base = `${publicUrl.replace(/\/+$/, '')}/api/v1/billing/local`;
  }
  checkout(transactionId: string): string {
    return `${this.base}/checkout/${transactionId}`;
  }
  paymentMethod(subscriptionId: string): string {
    return `${this.base}/payment-method/${subscriptionId}`;
  }
}

export async function priceWithProduct(
  tx: Tx,
  providerPriceId: string,
): Promise<PriceWithProduct | undefined> {
  const [row] = await tx
    .select({ price: localPayPrices, product: localPayProducts })
    .from(localPayPrices)
    .innerJoin(localPayProducts, eq(localPayProducts.id, localPayPrices.productId))
    .where(eq(localPayPrices.id, providerPriceId));
  return row;
}

export async function requirePrice(tx: Tx, providerPriceId: string): Promise<PriceWithProduct> {
  const item = await priceWithProduct(tx, providerPriceId);
  if (!item) throw new Error(`local price ${providerPriceId} is gone`);
  return item;
}

/** Invoice numbers as a customer reads them: SBX-<year>-<running number>. */
export async function nextInvoiceNumber(tx: Tx, now: Date): Promise<string> {
  const result = (await tx.execute(sql`SELECT nextval('local_pay_invoice_seq')::text AS n`)) as unknown as {
    rows: { n: string }[];
  };
  return `SBX-${now.getUTCFullYear()}-${String(result.rows[0]?.n ?? '0').padStart(6, '0')}`;
}

export async function emitTransaction(
  sandbox: Sandbox,
  batch: EventBatch,
  eventType: string,
  txn: TransactionRow,
): Promise<void> {
  const item = await requirePrice(batch.tx, txn.priceId);
  const checkoutUrl = txn.origin === 'web' ? sandbox.urls.checkout(txn.id) : null;
  await batch.emit(
    eventType,
    transactionPayload(txn, item, checkoutUrl, (d) => batch.time(d)),
  );
}

export async function emitSubscription(
  sandbox: Sandbox,
  batch: EventBatch,
  eventType: string,
  sub: SubscriptionRow,
): Promise<void> {
  const item = await requirePrice(batch.tx, sub.priceId);
  await batch.emit(
    eventType,
    subscriptionPayload(sub, item, paymentMethodLink(sandbox, sub.id), (d) => batch.time(d)),
  );
}
