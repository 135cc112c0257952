// The sandbox's records as staff read them (§7.7 payment-provider objects): lists with filters,
// newest first, and single records, in the shape the sandbox sends in its events (Paddle's).
import type { ProviderObject, ProviderObjectKind, ProviderObjectQuery } from '@slugsmith/contract';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  localPayCustomers,
  localPayPrices,
  localPayProducts,
  localPaySubscriptions,
  localPayTransactions,
} from '../../../db/schema.js';
import type { ProviderObjectList } from '../provider.js';
import { paymentMethodLink, type Sandbox } from './context.js';
import {
  type PriceWithProduct,
  pricePayload,
  type SubscriptionRow,
  subscriptionPayload,
  type TransactionRow,
  transactionPayload,
} from './payloads.js';

type CustomerRow = typeof localPayCustomers.$inferSelect;

/** One more than asked, to tell whether another page follows. */
function paged<T>(rows: T[], limit: number): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

export class LocalObjects {
  constructor(private readonly sandbox: Sandbox) {}

  async list(kind: ProviderObjectKind, query: ProviderObjectQuery): Promise<ProviderObjectList> {
    const take = { offset: query.offset, limit: query.limit + 1 };
    switch (kind) {
      case 'transactions': {
        const t = localPayTransactions;
        const rows = await this.transactions(
          where(
            query.status ? eq(t.status, query.status as TransactionRow['status']) : undefined,
            query.customer_id ? eq(t.customerId, query.customer_id) : undefined,
            query.subscription_id ? eq(t.subscriptionId, query.subscription_id) : undefined,
          ),
          take,
        );
        return this.page(rows, query.limit, (row) => this.transaction(row));
      }
      case 'subscriptions': {
        const s = localPaySubscriptions;
        const rows = await this.sandbox.db
          .select()
          .from(s)
          .where(
            where(
              query.status ? eq(s.status, query.status as SubscriptionRow['status']) : undefined,
              query.customer_id ? eq(s.customerId, query.customer_id) : undefined,
            ),
          )
          .orderBy(desc(s.createdAt), desc(s.id))
          .offset(take.offset)
          .limit(take.limit);
        return this.page(rows, query.limit, (row) => this.subscription(row));
      }
      case 'customers': {
        const c = localPayCustomers;
        const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
        const rows = await this.sandbox.db
          .select()
          .from(c)
          .where(pattern ? or(ilike(c.email, pattern), ilike(c.name, pattern)) : undefined)
          .orderBy(desc(c.createdAt), desc(c.id))
          .offset(take.offset)
          .limit(take.limit);
        return this.page(rows, query.limit, async (row) => customerObject(row));
      }
      case 'products': {
        const p = localPayProducts;
        const active = query.status === undefined ? undefined : eq(p.active, query.status === 'active');
        const rows = await this.sandbox.db
          .select()
          .from(p)
          .where(active)
          .orderBy(desc(p.updatedAt), desc(p.id))
          .offset(take.offset)
          .limit(take.limit);
        return this.page(rows, query.limit, async (row) => productObject(row));
      }
      case 'prices': {
        // Every sandbox price is active (a plan's price that goes is replaced, not archived).
        if (query.status && query.status !== 'active') return { items: [], more: false };
        const product = query.product_id ? eq(localPayPrices.productId, query.product_id) : undefined;
        const rows = await this.prices(product, take);
        return this.page(rows, query.limit, async (row) => priceObject(row));
      }
    }
  }

  async get(kind: ProviderObjectKind, id: string): Promise<ProviderObject | null> {
    const db = this.sandbox.db;
    switch (kind) {
      case 'transactions': {
        const [row] = await this.transactions(eq(localPayTransactions.id, id), { offset: 0, limit: 1 });
        return row ? this.transaction(row) : null;
      }
      case 'subscriptions': {
        const [row] = await db.select().from(localPaySubscriptions).where(eq(localPaySubscriptions.id, id));
        return row ? this.subscription(row) : null;
      }
      case 'customers': {
        const [row] = await db.select().from(localPayCustomers).where(eq(localPayCustomers.id, id));
        return row ? customerObject(row) : null;
      }
      case 'products': {
        const [row] = await db.select().from(localPayProducts).where(eq(localPayProducts.id, id));
        return row ? productObject(row) : null;
      }
      case 'prices': {
        const [row] = await this.prices(eq(localPayPrices.id, id), { offset: 0, limit: 1 });
        return row ? priceObject(row) : null;
      }
    }
  }

  private async page<T>(
    all: T[],
    limit: number,
    toObject: (row: T) => Promise<ProviderObject>,
  ): Promise<ProviderObjectList> {
    const { rows, more } = paged(all, limit);
    return { items: await Promise.all(rows.map(toObject)), more };
  }

  private transactions(condition: SQL | undefined, take: { offset: number; limit: number }) {
    return this.sandbox.db
      .select()
      .from(localPayTransactions)
      .where(condition)
      .orderBy(desc(localPayTransactions.createdAt), desc(localPayTransactions.id))
      .offset(take.offset)
      .limit(take.limit);
  }

  private prices(condition: SQL | undefined, take: { offset: number; limit: number }) {
    return this.sandbox.db
      .select({ price: localPayPrices, product: localPayProducts })
      .from(localPayPrices)
      .innerJoin(localPayProducts, eq(localPayProducts.id, localPayPrices.productId))
      .where(condition)
      .orderBy(desc(localPayPrices.updatedAt), desc(localPayPrices.id))
      .offset(take.offset)
      .limit(take.limit);
  }

  private async item(priceId: string): Promise<PriceWithProduct> {
    const [row] = await this.prices(eq(localPayPrices.id, priceId), { offset: 0, limit: 1 });
    if (!row) throw new Error(`local price ${priceId} is gone`);
    return row;
  }

  /** Sandbox times told in real time, as in the events the sandbox sends. */
  private async iso() {
    const { offsetMs } = await this.sandbox.clock.moment();
    return (date: Date | null) => (date ? new Date(date.getTime() - offsetMs).toISOString() : null);
  }

  private async transaction(row: TransactionRow): Promise<ProviderObject> {
    const [item, iso] = await Promise.all([this.item(row.priceId), this.iso()]);
    const checkoutUrl = row.origin === 'web' ? this.sandbox.urls.checkout(row.id) : null;
    return {
      id: row.id,
      kind: 'transactions',
      status: row.status,
      customer_id: row.customerId,
      label: row.description,
      created_at: iso(row.createdAt),
      data: transactionPayload(row, item, checkoutUrl, iso),
    };
  }

  private async subscription(row: SubscriptionRow): Promise<ProviderObject> {
    const [item, iso] = await Promise.all([this.item(row.priceId), this.iso()]);
    return {
      id: row.id,
      kind: 'subscriptions',
      status: row.status,
      customer_id: row.customerId,
      label: `${item.product.name} (${item.price.period}) × ${row.quantity}`,
      created_at: iso(row.createdAt),
      data: subscriptionPayload(row, item, paymentMethodLink(this.sandbox, row.id), iso),
    };
  }
}

function customerObject(row: CustomerRow): ProviderObject {
  return {
    id: row.id,
    kind: 'customers',
    status: 'active',
    customer_id: row.id,
    label: row.name ? `${row.name} <${row.email}>` : row.email,
    created_at: row.createdAt.toISOString(),
    data: {
      id: row.id,
      name: row.name,
      email: row.email,
      status: 'active',
      custom_data: row.orgId ? { org_id: row.orgId } : null,
      created_at: row.createdAt.toISOString(),
    },
  };
}

function productObject(row: typeof localPayProducts.$inferSelect): ProviderObject {
  const status = row.active ? 'active' : 'archived';
  return {
    id: row.id,
    kind: 'products',
    status,
    customer_id: null,
    label: row.name,
    created_at: null,
    data: {
      id: row.id,
      name: row.name,
      description: row.description,
      status,
      custom_data: { plan_id: row.planId },
      updated_at: row.updatedAt.toISOString(),
    },
  };
}

function priceObject(row: PriceWithProduct): ProviderObject {
  return {
    id: row.price.id,
    kind: 'prices',
    status: 'active',
    customer_id: null,
    label: `${row.product.name} (${row.price.period})`,
    created_at: null,
    data: pricePayload(row),
  };
}
