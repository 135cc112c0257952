// The billing core's HTTP routes: webhooks, checkout, the organisation's self-service, the
// provider's events for staff.
import {
  AcknowledgeBillingEvents,
  BillingEvent,
  BillingEventList,
  BillingEventQuery,
  BillingParams,
  BillingTransactionList,
  CatalogueSyncResult,
  ChangePreview,
  CheckoutRequest,
  CheckoutSession,
  EditBillingEvent,
  ErrorBody,
  OrgBillingDetails,
  OrgParams,
  PaymentMethodSession,
  ProviderParams,
  ReaderLanguageQuery,
  RetryBillingEvents,
  Subscription,
  SubscriptionChange,
  UpdateOrgBillingDetails,
} from '@slugsmith/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireAccount, requireOrg } from '../../auth/access.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { auditRequest } from '../audit/service.js';
import { syncCatalogueNow } from './catalogue-admin.js';
import { prepareCheckout, resumeCheckout } from './checkout.js';
import * as events from './events-admin.js';
import { INVOICE_CSP, invoiceHtml } from './invoice.js';
import { choosePageLanguage } from './local/strings.js';
import { billingDetails, saveBillingDetails } from './parties.js';
import * as self from './self-service.js';
import { webhookRoutes } from './webhooks.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const withProvider = { ...errors, 502: ErrorBody };

export function billingRoutes(app: FastifyInstance, { billing }: AppDeps): void {
  /** Staff's event actions go to the audit log, one entry per event changed. */
  const audit = async (
    request: FastifyRequest,
    action: string,
    before: Map<string, BillingEvent>,
    after: BillingEvent[],
    withPayload = false,
  ) => {
    for (const event of after) {
      const was = before.get(event.id);
      await auditRequest(billing.db, request, {
        action,
        objectType: 'billing_event',
        objectId: event.id,
        before: was ? events.auditView(was, withPayload) : null,
        after: events.auditView(event, withPayload),
      });
    }
  };

  webhookRoutes(app, billing);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = billing;

  r.post('/billing/checkout/prepare', {
    // Owners and admins of `org_slug` (checked by the handler: the organisation is in the body).
    config: { access: 'signed-in' },
    schema: {
      tags: ['billing'],
      summary: "Prepare the payment provider's checkout of one plan price for an organisation",
      description:
        "Starts buying a plan price for an organisation: the payment provider's checkout is prepared, for the console to open.",
      body: CheckoutRequest,
      response: { 200: CheckoutSession, ...withProvider },
    },
    handler: async (request) => prepareCheckout(billing, requireAccount(request), request.body),
  });

  r.get('/billing/checkout/transactions/:transactionId', {
    // Public, as the provider's own checkout is: the buyer holds the unguessable transaction id.
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary:
        "Open the checkout of a transaction the provider made (Paddle's default payment link: /checkout?_ptxn=…)",
      description:
        'Opens the checkout of a transaction the provider created (its default payment link points here); public, as the transaction id is unguessable.',
      params: z.object({
        transactionId: z.string().min(1).max(100).describe("The provider's transaction id"),
      }),
      response: { 200: CheckoutSession, ...withProvider },
    },
    handler: async (request) => resumeCheckout(billing, request.params.transactionId),
  });

  r.get('/orgs/:org/billing/transactions', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary:
        "The organisation's billing history, newest first, plans and periods named in the reader's language",
      description:
        "The organisation's billing history, newest first: amounts, state, periods, plan names in the reader's language.",
      params: OrgParams,
      querystring: ReaderLanguageQuery,
      response: { 200: BillingTransactionList, ...errors },
    },
    handler: async (request) => self.orgTransactions(db, requireOrg(request), readerLanguage(request)),
  });

  r.get('/orgs/:org/billing/details', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: "Who the organisation's invoices are made out to (billing name, address, country, VAT number)",
      description: "The name, address, country and VAT number the organisation's invoices are made out to.",
      params: OrgParams,
      response: { 200: OrgBillingDetails, ...errors },
    },
    handler: async (request) => billingDetails(db, requireOrg(request).id),
  });

  r.put('/orgs/:org/billing/details', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      tags: ['organisations'],
      summary:
        "Set the organisation's billing details (all fields; null clears). The sandbox taxes by country and VAT number",
      description:
        "Sets the organisation's billing details (every field; null clears one). The sandbox provider taxes by country and VAT number.",
      params: OrgParams,
      body: UpdateOrgBillingDetails,
      response: { 200: OrgBillingDetails, ...errors },
    },
    handler: async (request) => saveBillingDetails(db, requireOrg(request).id, request.body),
  });

  r.get('/orgs/:org/billing/transactions/:id/invoice', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary:
        'A transaction as a printable invoice (HTML) in `lang` (an interface language; else Accept-Language, else English)',
      description:
        'A transaction as a printable HTML invoice, in lang (else Accept-Language, else English). Refusals are the JSON Error.',
      params: BillingParams,
      querystring: z.object({
        lang: z.string().max(35).optional().describe('The language of the invoice, e.g. de or fr-FR'),
      }),
      produces: ['text/html'],
      response: { 200: z.string().describe('The invoice page'), ...errors },
    },
    handler: async (request, reply) => {
      const org = requireOrg(request);
      const transaction = await self.orgTransaction(db, org, request.params.id);
      const language = choosePageLanguage(request.query.lang, request.headers['accept-language']);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', INVOICE_CSP)
        .header('content-disposition', 'inline')
        .header('content-language', language)
        .send(invoiceHtml(transaction, org, language));
    },
  });

  const subscriptionAction = {
    tags: ['organisations'],
    params: BillingParams,
  };

  r.post('/orgs/:org/subscriptions/:id/preview-change', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      ...subscriptionAction,
      summary: 'What a change of plan or quantity would charge or credit now (proration), without making it',
      description:
        'What a change of plan or quantity would charge or credit now (proration), without making it.',
      body: SubscriptionChange,
      response: { 200: ChangePreview, ...withProvider },
    },
    handler: async (request) =>
      self.previewChange(billing, requireOrg(request), request.params.id, request.body),
  });

  r.post('/orgs/:org/subscriptions/:id/change', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      ...subscriptionAction,
      summary: 'Change plan or quantity now, prorated; the new state follows from the provider',
      description:
        "Changes the subscription's plan or quantity now, prorated; its new state arrives with the provider's events.",
      body: SubscriptionChange,
      response: { 200: Subscription, ...withProvider },
    },
    handler: async (request) =>
      self.changeSubscription(billing, requireOrg(request), request.params.id, request.body),
  });

  r.post('/orgs/:org/subscriptions/:id/cancel', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      ...subscriptionAction,
      summary: 'Cancel at the end of the paid period',
      description: 'Cancels the subscription at the end of the paid period; until then it stays in force.',
      response: { 200: Subscription, ...withProvider },
    },
    handler: async (request) => self.cancelSubscription(billing, requireOrg(request), request.params.id),
  });

  r.post('/orgs/:org/subscriptions/:id/resume', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      ...subscriptionAction,
      summary: 'Undo a cancellation at period end',
      description: 'Takes back a cancellation scheduled for the end of the period.',
      response: { 200: Subscription, ...withProvider },
    },
    handler: async (request) => self.resumeSubscription(billing, requireOrg(request), request.params.id),
  });

  r.post('/orgs/:org/subscriptions/:id/payment-method', {
    config: { access: { orgRole: 'admin' } },
    schema: {
      ...subscriptionAction,
      summary: "The provider's page where the card of the subscription is replaced",
      description: "The address of the provider's page where the subscription's card is replaced.",
      response: { 200: PaymentMethodSession, ...withProvider },
    },
    handler: async (request) => self.paymentMethod(billing, requireOrg(request), request.params.id),
  });

  r.post('/admin/:provider/catalogue/sync', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "Mirror the plans and prices in the provider's catalogue now (one sync across all nodes; a second request joins it)",
      description:
        "Staff: mirrors the plans and prices of the provider's catalogue now; one sync runs across all nodes and a second request joins it.",
      params: ProviderParams,
      response: { 200: CatalogueSyncResult, ...withProvider },
    },
    handler: async (request) => syncCatalogueNow(billing, request.params.provider),
  });

  r.get('/admin/:provider/events', {
    // Admins only: the payloads carry customers' billing details.
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "The payment provider's events, newest first, with filters",
      description:
        "Staff: the payment provider's events as received, newest first, filtered by state, category, entity or customer; admins only, as payloads carry billing details.",
      params: ProviderParams,
      querystring: BillingEventQuery,
      response: { 200: BillingEventList, ...errors },
    },
    handler: async (request) => events.listEvents(billing, request.params.provider, request.query),
  });

  r.patch('/admin/:provider/events', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Acknowledge events: seen by staff, no longer retried',
      description: 'Staff: acknowledges events: marked as seen, no longer retried.',
      params: ProviderParams,
      body: AcknowledgeBillingEvents,
      response: { 200: BillingEventList, ...errors },
    },
    handler: async (request) => {
      const before = await events.eventsBefore(billing, request.params.provider, request.body.ids);
      const after = await events.acknowledgeEvents(billing, request.params.provider, request.body);
      await audit(request, 'billing_event.acknowledge', before, after);
      return after;
    },
  });

  r.put('/admin/:provider/events', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Correct the payload of an event not yet processed; it is processed again now',
      description:
        'Staff: corrects the payload of an event not yet processed; it is processed again at once.',
      params: ProviderParams,
      body: EditBillingEvent,
      response: { 200: BillingEvent, ...errors },
    },
    handler: async (request) => {
      const before = await events.eventsBefore(billing, request.params.provider, [request.body.id]);
      const after = await events.editEvent(billing, request.params.provider, request.body);
      await audit(request, 'billing_event.update', before, [after], true);
      return after;
    },
  });

  r.post('/admin/:provider/events/retry', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Process failed or acknowledged events again now',
      description: 'Staff: processes failed or acknowledged events again now.',
      params: ProviderParams,
      body: RetryBillingEvents,
      response: { 200: BillingEventList, ...errors },
    },
    handler: async (request) => {
      const before = await events.eventsBefore(billing, request.params.provider, request.body.ids);
      const after = await events.retryEvents(billing, request.params.provider, request.body.ids);
      await audit(request, 'billing_event.retry', before, after);
      return after;
    },
  });

  // The active provider's own routes (the sandbox's hosted checkout and controls; none for Paddle).
  billing.provider.routes(app);
}
