// Our plans and prices as Paddle products and prices: one product per plan, one price per plan
// price. Known ids are updated in place (a second sync creates nothing), unknown ones created,
// and the products and prices of plans no longer offered archived so checkout cannot sell them.
import type { IPriceResponse, IProductResponse, ITimePeriod } from '@paddle/paddle-node-sdk';
import { MAX_QUANTITY, MIN_QUANTITY } from '@slugsmith/contract';
import type { CatalogueItem, SyncResult } from '../provider.js';
import { type PaddleApi, PaddleApiError } from './api.js';

type Period = CatalogueItem['price']['period'];

/** Null is a one-off price: Paddle charges it once and starts no subscription. */
const BILLING_CYCLES: Record<Period, ITimePeriod | null> = {
  monthly: { interval: 'month', frequency: 1 },
  semi_annual: { interval: 'month', frequency: 6 },
  annual: { interval: 'year', frequency: 1 },
  perpetual: null,
};

/** The price's name Paddle shows at checkout and on invoices. */
const PERIOD_NAMES: Record<Period, string> = {
  monthly: 'Monthly',
  semi_annual: 'Every six months',
  annual: 'Yearly',
  perpetual: 'Perpetual licence',
};

type Status = 'active' | 'archived';

function productBody(plan: CatalogueItem['plan'], status: Status) {
  return {
    name: plan.name,
    description: plan.description || null,
    tax_category: 'standard',
    custom_data: { plan_id: plan.id, slug: plan.slug },
    status,
  };
}

function priceBody(item: CatalogueItem, status: Status) {
  const { plan, price } = item;
  return {
    name: PERIOD_NAMES[price.period],
    // Paddle's internal description: how staff recognise the price in Paddle's dashboard.
    description: `${plan.name} (${plan.slug}), ${price.period}${price.perNode ? ', per node' : ''}`,
    unit_price: { amount: String(price.amount), currency_code: price.currency },
    billing_cycle: BILLING_CYCLES[price.period],
    // Paddle's trial lives on the price: a checkout of it starts a trialing subscription.
    trial_period: price.trialDays > 0 ? { interval: 'day', frequency: price.trialDays } : null,
    // On-premise plans are bought per concurrent node, as many as a checkout sells (the contract's
    // Quantity); a SaaS plan is one subscription of one.
    quantity: { minimum: MIN_QUANTITY, maximum: price.perNode ? MAX_QUANTITY : 1 },
    custom_data: { price_id: price.id, plan_id: plan.id },
    status,
  };
}

/** A known id Paddle no longer has (an account reset) is created anew instead of failing the sync. */
const isGone = (error: unknown) => error instanceof PaddleApiError && error.status === 404;

export async function syncCatalogue(
  api: PaddleApi,
  items: readonly CatalogueItem[],
  known: SyncResult,
): Promise<SyncResult> {
  const knownProducts = new Map(known.products.map((p) => [p.planId, p.providerId]));
  const knownPrices = new Map(known.prices.map((p) => [p.priceId, p.providerId]));
  const products = new Map<string, string>();
  const prices = new Map<string, string>();

  const plans = new Map<string, { plan: CatalogueItem['plan']; items: CatalogueItem[] }>();
  for (const item of items) {
    const entry = plans.get(item.plan.id) ?? { plan: item.plan, items: [] };
    entry.items.push(item);
    plans.set(item.plan.id, entry);
  }

  for (const { plan, items: planItems } of plans.values()) {
    const status: Status = plan.active ? 'active' : 'archived';
    let productId = knownProducts.get(plan.id);
    if (productId !== undefined) {
      productId = await updateOr(api, `/products/${productId}`, productBody(plan, status), () =>
        plan.active ? createProduct(api, plan) : undefined,
      );
    } else if (plan.active) {
      productId = await createProduct(api, plan);
    }
    if (productId === undefined) continue;
    products.set(plan.id, productId);

    for (const item of planItems) {
      const knownId = knownPrices.get(item.price.id);
      const priceId =
        knownId !== undefined
          ? await updateOr(api, `/prices/${knownId}`, priceBody(item, status), () =>
              plan.active ? createPrice(api, productId, item) : undefined,
            )
          : plan.active
            ? await createPrice(api, productId, item)
            : undefined;
      if (priceId !== undefined) prices.set(item.price.id, priceId);
    }
  }

  // Known to Paddle but no longer among our plan prices: archived, and their ids kept so a plan
  // that returns is updated rather than created twice (ids Paddle no longer has are dropped).
  for (const [priceId, providerId] of knownPrices) {
    if (!prices.has(priceId) && (await archive(api, `/prices/${providerId}`)))
      prices.set(priceId, providerId);
  }
  for (const [planId, providerId] of knownProducts) {
    if (!products.has(planId) && (await archive(api, `/products/${providerId}`)))
      products.set(planId, providerId);
  }

  return {
    products: [...products].map(([planId, providerId]) => ({ planId, providerId })),
    prices: [...prices].map(([priceId, providerId]) => ({ priceId, providerId })),
  };
}

async function createProduct(api: PaddleApi, plan: CatalogueItem['plan']): Promise<string> {
  const { status: _, ...body } = productBody(plan, 'active');
  return (await api.call<IProductResponse>('POST', '/products', body)).id;
}

async function createPrice(api: PaddleApi, productId: string, item: CatalogueItem): Promise<string> {
  const { status: _, ...body } = priceBody(item, 'active');
  return (await api.call<IPriceResponse>('POST', '/prices', { product_id: productId, ...body })).id;
}

async function updateOr(
  api: PaddleApi,
  path: string,
  body: object,
  recreate: () => Promise<string> | undefined,
): Promise<string | undefined> {
  try {
    return (await api.call<{ id: string }>('PATCH', path, body)).id;
  } catch (error) {
    if (isGone(error)) return recreate();
    throw error;
  }
}

/** Archives a product or price; false when Paddle no longer has it. */
async function archive(api: PaddleApi, path: string): Promise<boolean> {
  try {
    await api.call('PATCH', path, { status: 'archived' });
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}
