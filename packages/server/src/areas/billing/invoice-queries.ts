// SQL of invoices' parties and receipts: an organisation's billing details, who receives its
// receipts, and the claim that sends each receipt once.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  accounts,
  billingTransactions,
  localUsers,
  memberships,
  organisations,
  orgBillingDetails,
} from '../../db/schema.js';

export type BillingDetailsRow = typeof orgBillingDetails.$inferSelect;
export type BillingDetailsValues = Omit<BillingDetailsRow, 'orgId' | 'updatedAt'>;

export async function findBillingDetails(db: Db, orgId: string): Promise<BillingDetailsRow | undefined> {
  const [row] = await db.select().from(orgBillingDetails).where(eq(orgBillingDetails.orgId, orgId));
  return row;
}

export async function saveBillingDetails(db: Db, orgId: string, values: BillingDetailsValues) {
  const [row] = await db
    .insert(orgBillingDetails)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: orgBillingDetails.orgId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row as BillingDetailsRow;
}

/** The organisation's name beside its billing details (none stored: all null). */
export async function orgWithBillingDetails(db: Db, orgId: string) {
  const [row] = await db
    .select({ orgName: organisations.name, details: orgBillingDetails })
    .from(organisations)
    .leftJoin(orgBillingDetails, eq(orgBillingDetails.orgId, organisations.id))
    .where(eq(organisations.id, orgId));
  return row;
}

/** The owner who joined first: the billing contact, with the language of their e-mail. */
export async function billingContact(db: Db, orgId: string) {
  const [row] = await db
    .select({ email: accounts.email, language: localUsers.language, slug: organisations.slug })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .leftJoin(localUsers, sql`lower(${localUsers.email}) = lower(${accounts.email})`)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, 'owner')))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return row;
}

export async function findTransaction(db: Db, id: string) {
  const [row] = await db.select().from(billingTransactions).where(eq(billingTransactions.id, id));
  return row;
}

/** Marks the receipt of a completed transaction as sent; false when it was already. */
export async function claimReceipt(db: Db, transactionId: string): Promise<boolean> {
  const rows = await db
    .update(billingTransactions)
    .set({ receiptSentAt: sql`now()` })
    .where(
      and(
        eq(billingTransactions.id, transactionId),
        eq(billingTransactions.status, 'completed'),
        isNull(billingTransactions.receiptSentAt),
      ),
    )
    .returning({ id: billingTransactions.id });
  return rows.length > 0;
}

/** A receipt that could not be sent: claimable again when the event is retried. */
export async function releaseReceipt(db: Db, transactionId: string): Promise<void> {
  await db
    .update(billingTransactions)
    .set({ receiptSentAt: null })
    .where(eq(billingTransactions.id, transactionId));
}
