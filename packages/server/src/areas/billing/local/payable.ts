// What the hosted checkout checks when the card is sent, not only when the checkout was prepared:
// between the two, staff may have archived the plan, or another checkout of the same plan type
// may have been paid. Payments of one organisation take turns
// (a transaction-scoped advisory lock), so two checkouts paid at the same moment cannot both pass.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { localPayPrices, localPayProducts, localPaySubscriptions, plans } from '../../../db/schema.js';
import { subscribable } from '../../plans/catalogue.js';
import type { Tx } from './outbox.js';
import type { TransactionRow } from './payloads.js';

/** Why a checkout can no longer be paid. */
export type Unpayable = 'already_subscribed' | 'plan_not_subscribable';

/** Sandbox statuses of a subscription that still holds (or will hold again) its plan. */
const RUNNING: (typeof localPaySubscriptions.$inferSelect)['status'][] = [
  'active',
  'trialing',
  'past_due',
  'paused',
];

/** Null when the transaction may be paid now; call inside the payment's database transaction. */
export async function unpayable(tx: Tx, txn: TransactionRow): Promise<Unpayable | null> {
  const orgId = txn.customData?.org_id;
  // Payments for one organisation take turns from here to the end of the payment.
  if (typeof orgId === 'string') {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`local-pay:${orgId}`}, 0))`);
  }
  const [bought] = await tx
    .select({ planType: plans.planType, state: plans.state })
    .from(localPayPrices)
    .innerJoin(localPayProducts, eq(localPayProducts.id, localPayPrices.productId))
    .innerJoin(plans, eq(plans.id, localPayProducts.planId))
    .where(eq(localPayPrices.id, txn.priceId));
  if (!bought || !subscribable(bought.state)) return 'plan_not_subscribable';
  if (typeof orgId !== 'string') return null;
  const [running] = await tx
    .select({ id: localPaySubscriptions.id })
    .from(localPaySubscriptions)
    .innerJoin(localPayPrices, eq(localPayPrices.id, localPaySubscriptions.priceId))
    .innerJoin(localPayProducts, eq(localPayProducts.id, localPayPrices.productId))
    .innerJoin(plans, eq(plans.id, localPayProducts.planId))
    .where(
      and(
        sql`${localPaySubscriptions.customData}->>'org_id' = ${orgId}`,
        eq(plans.planType, bought.planType),
        inArray(localPaySubscriptions.status, RUNNING),
      ),
    )
    .limit(1);
  return running ? 'already_subscribed' : null;
}
