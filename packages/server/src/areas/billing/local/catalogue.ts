import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { localPayPrices, localPayProducts } from '../../../db/schema.js';
import type { CatalogueItem, SyncResult } from '../provider.js';
import { newLocalId } from './ids.js';

/**
 * Makes the sandbox's products (one per plan) and prices (one per plan price) match our catalogue
 * and answers their ids. Ids already known (stored beside ours) are kept, so a sandbox whose
 * tables were emptied takes its old ids back.
 */
export async function syncCatalogue(
  db: Db,
  items: readonly CatalogueItem[],
  known: SyncResult,
): Promise<SyncResult> {
  const knownProduct = new Map(known.products.map((p) => [p.planId, p.providerId]));
  const knownPrice = new Map(known.prices.map((p) => [p.priceId, p.providerId]));
  const products = new Map<string, string>();
  const prices: SyncResult['prices'] = [];
  return db.transaction(async (tx) => {
    for (const { plan, price } of items) {
      let productId = products.get(plan.id);
      if (!productId) {
        const fields = {
          name: plan.name,
          description: plan.description,
          active: plan.active,
          updatedAt: new Date(),
        };
        const [existing] = await tx
          .select()
          .from(localPayProducts)
          .where(eq(localPayProducts.planId, plan.id));
        if (existing) {
          productId = existing.id;
          await tx.update(localPayProducts).set(fields).where(eq(localPayProducts.id, productId));
        } else {
          productId = knownProduct.get(plan.id) ?? newLocalId('pro');
          await tx.insert(localPayProducts).values({ id: productId, planId: plan.id, ...fields });
        }
        products.set(plan.id, productId);
      }
      const fields = {
        productId,
        period: price.period,
        amount: price.amount,
        currency: price.currency,
        perNode: price.perNode,
        trialDays: price.trialDays,
        updatedAt: new Date(),
      };
      const [existing] = await tx.select().from(localPayPrices).where(eq(localPayPrices.priceId, price.id));
      let priceId: string;
      if (existing) {
        priceId = existing.id;
        await tx.update(localPayPrices).set(fields).where(eq(localPayPrices.id, priceId));
      } else {
        priceId = knownPrice.get(price.id) ?? newLocalId('pri');
        await tx.insert(localPayPrices).values({ id: priceId, priceId: price.id, ...fields });
      }
      prices.push({ priceId: price.id, providerId: priceId });
    }
    return { products: [...products].map(([planId, providerId]) => ({ planId, providerId })), prices };
  });
}
