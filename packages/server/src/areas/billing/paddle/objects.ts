// Paddle's records as staff read them (§7.7 payment-provider objects), from Paddle's list and get
// endpoints. Paddle pages by cursor (`after` = the last id seen), so an offset is reached by
// paging through; offsets stay small (the contract caps offset + limit).
import type { ProviderObject, ProviderObjectKind, ProviderObjectQuery } from '@slugsmith/contract';
import type { ProviderObjectList } from '../provider.js';
import { type PaddleApi, PaddleApiError } from './api.js';

type Json = Record<string, unknown>;

/** Paddle's largest page per kind (transactions are paged by 30 at most). */
const MAX_PAGE: Record<ProviderObjectKind, number> = {
  transactions: 30,
  customers: 200,
  subscriptions: 200,
  products: 200,
  prices: 200,
};

/** Our filter names as Paddle's list endpoints spell them. */
function filters(query: ProviderObjectQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.customer_id) params.set('customer_id', query.customer_id);
  if (query.subscription_id) params.set('subscription_id', query.subscription_id);
  if (query.product_id) params.set('product_id', query.product_id);
  if (query.search) params.set('search', query.search);
  // Paddle's ids sort by creation time: newest first.
  params.set('order_by', 'id[DESC]');
  return params;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** What a list shows of a Paddle record. */
export function paddleObject(kind: ProviderObjectKind, data: Json): ProviderObject {
  const items = Array.isArray(data.items) ? (data.items as Json[]) : [];
  const first = items[0] as { price?: Json; product?: Json } | undefined;
  const labels: Record<ProviderObjectKind, () => string | null> = {
    transactions: () => text(data.invoice_number) ?? text(first?.price?.description),
    customers: () => (text(data.name) ? `${data.name} <${data.email}>` : text(data.email)),
    subscriptions: () => text(first?.product?.name) ?? text(first?.price?.description),
    products: () => text(data.name),
    prices: () => text(data.description) ?? text(data.name),
  };
  return {
    id: String(data.id),
    kind,
    status: text(data.status),
    customer_id: kind === 'customers' ? String(data.id) : text(data.customer_id),
    label: labels[kind]() ?? String(data.id),
    created_at: text(data.created_at),
    data,
  };
}

export async function listPaddleObjects(
  api: PaddleApi,
  kind: ProviderObjectKind,
  query: ProviderObjectQuery,
): Promise<ProviderObjectList> {
  const wanted = query.offset + query.limit + 1;
  const seen: Json[] = [];
  const params = filters(query);
  while (seen.length < wanted) {
    const perPage = Math.min(MAX_PAGE[kind], wanted - seen.length);
    params.set('per_page', String(perPage));
    const last = seen.at(-1);
    if (last) params.set('after', String(last.id));
    const page = await api.call<Json[]>('GET', `/${kind}?${params}`);
    seen.push(...page);
    if (page.length < perPage) break;
  }
  const items = seen.slice(query.offset, query.offset + query.limit).map((d) => paddleObject(kind, d));
  return { items, more: seen.length > query.offset + query.limit };
}

export async function getPaddleObject(
  api: PaddleApi,
  kind: ProviderObjectKind,
  id: string,
): Promise<ProviderObject | null> {
  try {
    return paddleObject(kind, await api.call<Json>('GET', `/${kind}/${encodeURIComponent(id)}`));
  } catch (error) {
    if (error instanceof PaddleApiError && error.status === 404) return null;
    throw error;
  }
}
