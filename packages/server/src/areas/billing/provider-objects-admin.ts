// The payment provider's own records for staff (§2.3, §7.7): transactions, customers,
// subscriptions, products and prices under /admin/{provider}/…, each a filtered list and a single
// record, read through the provider interface (the local sandbox's tables or Paddle's API); a
// provider subscription can be canceled. Admins only, like the events: they carry customers'
// e-mail addresses and billing details.
import {
  CancelProviderSubscription,
  ErrorBody,
  PROVIDER_OBJECT_FILTERS,
  ProviderObject,
  type ProviderObjectKind,
  ProviderObjectPage,
  ProviderObjectParams,
  ProviderObjectQuery,
  ProviderParams,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { ApiError } from '../../platform/errors.js';
import { auditRequest } from '../audit/service.js';
import type { Billing } from './service.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
};

const KINDS: Record<ProviderObjectKind, string> = {
  transactions: 'Transactions: status, customer and subscription filters',
  customers: 'Customers: search e-mail address or name',
  subscriptions: 'Subscriptions: status and customer filters',
  products: 'Products: status filter',
  prices: 'Prices: status and product filters',
};

/** The `{provider}` segment names the active provider; any other is unknown here. */
function activeProvider(billing: Billing, provider: string) {
  if (provider !== billing.provider.name) {
    throw ApiError.notFound('Unknown payment provider', {
      reason: 'unknown_provider',
      provider,
      active: billing.provider.name,
    });
  }
  return billing.provider;
}

/** A filter the kind does not take is refused rather than ignored (the list would look filtered). */
function checkFilters(kind: ProviderObjectKind, query: ProviderObjectQuery) {
  const allowed: readonly string[] = PROVIDER_OBJECT_FILTERS[kind];
  for (const [name, value] of Object.entries(query)) {
    if (name === 'offset' || name === 'limit' || value === undefined) continue;
    if (!allowed.includes(name)) {
      throw ApiError.badRequest('Filter not supported for this list', {
        reason: 'filter_not_supported',
        field: name,
        kind,
        allowed,
      });
    }
  }
}

async function objectOrNotFound(billing: Billing, provider: string, kind: ProviderObjectKind, id: string) {
  const found = await activeProvider(billing, provider).getObject(kind, id);
  if (found) return found;
  if (kind === 'subscriptions')
    throw ApiError.notFound(`Subscription ${id} not found`, { reason: 'subscription_not_found', id });
  throw ApiError.notFound('Resource not found', { reason: 'not_found', kind, id });
}

export function providerObjectRoutes(app: FastifyInstance, { billing }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [kind, summary] of Object.entries(KINDS) as [ProviderObjectKind, string][]) {
    r.get(`/admin/:provider/${kind}`, {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `The payment provider's ${summary}, newest first`,
        description: `Staff: the ${kind} the payment provider holds, read from it a page at a time; each filter must be one this list takes (400 otherwise). {provider} must name the active provider (404 otherwise).`,
        params: ProviderParams,
        querystring: ProviderObjectQuery,
        response: { 200: ProviderObjectPage, ...errors },
      },
      handler: async (request) => {
        const provider = activeProvider(billing, request.params.provider);
        checkFilters(kind, request.query);
        const { items, more } = await provider.listObjects(kind, request.query);
        return { items, more, offset: request.query.offset, limit: request.query.limit };
      },
    });

    r.get(`/admin/:provider/${kind}/:id`, {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `One of the payment provider's ${kind}, as the provider holds it`,
        description: `Staff: one of the provider's ${kind} by its provider id, read from the provider.`,
        params: ProviderObjectParams,
        response: { 200: ProviderObject, ...errors },
      },
      handler: async (request) => objectOrNotFound(billing, request.params.provider, kind, request.params.id),
    });
  }

  r.post('/admin/:provider/subscriptions/:id/cancel', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Cancel a subscription at the provider, now or at the period's end; its events update the organisation",
      description:
        "Staff: cancels a subscription at the payment provider, at once or at the end of the billing period; the provider's events then update the organisation's subscription. Audited.",
      params: ProviderObjectParams,
      body: CancelProviderSubscription,
      response: { 200: ProviderObject, ...errors },
    },
    handler: async (request) => {
      const { provider: name, id } = request.params;
      const before = await objectOrNotFound(billing, name, 'subscriptions', id);
      await activeProvider(billing, name).cancelSubscription(id, request.body.when);
      const after = await objectOrNotFound(billing, name, 'subscriptions', id);
      await auditRequest(billing.db, request, {
        action: `provider_subscription.cancel_${request.body.when}`,
        objectType: 'provider_subscription',
        objectId: id,
        before: { status: before.status, scheduled_change: before.data.scheduled_change ?? null },
        after: { status: after.status, scheduled_change: after.data.scheduled_change ?? null },
      });
      return after;
    },
  });
}
