// The sandbox's own routes: the hosted checkout and payment-method pages (public, like a payment
// provider's pages) and the sandbox controls staff and tests use (clock, run what is due).
import { ErrorBody, type ErrorDetails, ErrorMessages } from '@slugsmith/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../../platform/errors.js';
import { type CardForm, readCard } from './cards.js';
import { confirmCheckout, findTransaction, payCheckout } from './checkout.js';
import type { Sandbox } from './context.js';
import { isLocalId } from './ids.js';
import { paymentLinkHolds } from './links.js';
import {
  type CardFormState,
  checkoutPage,
  confirmPage,
  FIELD_ERRORS,
  messagePage,
  paymentMethodPage,
  type Summary,
} from './page.js';
import type { Unpayable } from './payable.js';
import type { PriceWithProduct, SubscriptionRow, TransactionRow } from './payloads.js';
import {
  choosePageLanguage,
  DEFAULT_PAGE_LANGUAGE,
  type PageLanguage,
  type PageStrings,
  pageStrings,
} from './strings.js';
import { findSubscription, replaceCard } from './subscriptions.js';

/** Ten sandbox years: far enough for any renewal or dunning test, small enough to stay exact. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 86_400;

const FormField = z.string().max(1_000).optional();
const CardBody = z
  .object({ number: FormField, expiry: FormField, cvc: FormField, name: FormField, lang: FormField })
  .meta({ description: 'The card form (application/x-www-form-urlencoded)' });
const ConfirmBody = z.object({ challenge: FormField, decision: FormField, lang: FormField });
const PageQuery = z.object({ lang: z.string().max(100).optional().describe('The language of the page') });
const TransactionParams = z.object({ transactionId: z.string().max(100).describe("The transaction's id") });
const SubscriptionParams = z.object({
  subscriptionId: z.string().max(100).describe("The subscription's id"),
});
const PaymentLinkQuery = PageQuery.extend({
  token: z.string().max(200).optional().describe('The link signature paymentMethodUrl made'),
});
/** The hosted pages answer HTML, also when they refuse; errors before the handler are JSON. */
const page = (description: string) => z.union([z.string(), ErrorBody]).describe(description);
const html = {
  200: page('An HTML page'),
  400: page('The card form again, saying what is wrong'),
  404: page('No such checkout or subscription'),
  409: page('Already canceled or no longer open'),
};
const htmlForm = {
  ...html,
  303: z.null().describe('Paid (or the card saved): on to the success or return URL'),
  402: page('The card was declined: the form again, nothing charged'),
};

export const SandboxClockBody = z
  .object({
    advance_seconds: z
      .number()
      .int('Must be a whole number')
      .min(1, 'Minimum value is 1')
      .max(MAX_ADVANCE_SECONDS, `Maximum value is ${MAX_ADVANCE_SECONDS}`),
  })
  .strict();
const SandboxClock = z.object({ now: z.string(), offset_seconds: z.number().int() });
const SandboxRun = z.object({ now: z.string(), renewed: z.number().int(), delivered: z.number().int() });

export interface SandboxControls {
  runDue(): Promise<{ renewed: number; delivered: number }>;
}

function summaryOf(txnOrSub: TransactionRow | SubscriptionRow, item: PriceWithProduct): Summary {
  const isTxn = 'origin' in txnOrSub;
  const recurring = item.price.amount * txnOrSub.quantity;
  return {
    plan: item.product.name,
    period: item.price.period,
    perNode: item.price.perNode,
    quantity: txnOrSub.quantity,
    amount: isTxn ? txnOrSub.total : recurring,
    currency: item.price.currency,
    trialDays: isTxn ? txnOrSub.trialDays : 0,
    recurring,
    ...(isTxn ? { tax: { net: txnOrSub.subtotal, tax: txnOrSub.tax, rate: txnOrSub.taxRate } } : {}),
  };
}

/** What a refusal says to a program (the error body of every other route). */
interface Refusal {
  message: string;
  details?: ErrorDetails;
}

const REFUSALS: Record<number, Refusal> = {
  400: { message: ErrorMessages.badRequest },
  402: { message: pageStrings(DEFAULT_PAGE_LANGUAGE).declined, details: { reason: 'card_declined' } },
  404: { message: ErrorMessages.notFound },
  409: { message: ErrorMessages.conflict },
};

/** How a refused card form reads to a program: the first wrong field, or the decline. */
function refusalOf(state: CardFormState): Refusal | undefined {
  const english = pageStrings(DEFAULT_PAGE_LANGUAGE);
  if (state.field) return { message: english[FIELD_ERRORS[state.field]], details: { field: state.field } };
  if (state.declined) return REFUSALS[402];
  return undefined;
}

/** Browsers ask for HTML; any other caller gets refusals as the usual JSON error body. */
const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Page answers set their own policy: nothing loads, forms post here or lead back to the
 * success or return URL's origin. A refusal to a caller that did not ask for HTML is an ApiError.
 */
function sendPage(
  reply: FastifyReply,
  status: number,
  body: string,
  formTargets: (string | null | undefined)[] = [],
  refusal?: Refusal,
) {
  if (status >= 400 && !acceptsHtml(reply.request)) {
    const { message, details } = refusal ?? REFUSALS[status] ?? { message: ErrorMessages.badRequest };
    throw new ApiError(status, message, details);
  }
  const origins = new Set<string>();
  for (const target of formTargets) {
    try {
      if (target) origins.add(new URL(target).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${[...origins].join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(body);
}

function language(request: FastifyRequest): { language: PageLanguage; s: PageStrings } {
  const body = (request.body ?? {}) as { lang?: unknown };
  const query = (request.query ?? {}) as { lang?: unknown };
  const chosen = choosePageLanguage(body.lang ?? query.lang, request.headers['accept-language']);
  return { language: chosen, s: pageStrings(chosen) };
}

/** The form's own path, so a re-shown form posts where it came from (its language rides in a field). */
const selfPath = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

export function sandboxRoutes(api: FastifyInstance, sandbox: Sandbox, controls: SandboxControls): void {
  // The hosted pages post HTML forms; only routes in this scope read that media type.
  api.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    pageRoutes(scope, sandbox);
  });
  controlRoutes(api, sandbox, controls);
}

/** The console's page of the organisation a checkout was for (its success address names it). */
function consoleLink(txn: TransactionRow): string | undefined {
  if (!txn.successUrl) return undefined;
  const success = new URL(txn.successUrl);
  const org = success.searchParams.get('org');
  return org ? `${success.origin}/dashboard/org/${encodeURIComponent(org)}?tab=subscription` : success.origin;
}

function pageRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** What the checkout page shows when it cannot take a card (paid, closed, unknown). */
  const notPayable = (reply: FastifyReply, request: FastifyRequest, txn: TransactionRow | undefined) => {
    const { language: lang, s } = language(request);
    if (!txn)
      return sendPage(reply, 404, messagePage(lang, s, s.checkout_title, s.not_found, { tone: 'error' }));
    if (txn.status === 'paid' || txn.status === 'completed') {
      const page = messagePage(lang, s, s.checkout_title, s.paid_already, {
        tone: 'done',
        link: txn.successUrl ?? undefined,
      });
      return sendPage(reply, 200, page);
    }
    return sendPage(reply, 409, messagePage(lang, s, s.checkout_title, s.closed, { tone: 'error' }));
  };

  /** The payment was refused when the card was sent (../payable.ts): says why, back to the console. */
  const refused = (reply: FastifyReply, request: FastifyRequest, txn: TransactionRow, reason: Unpayable) => {
    const { language: lang, s } = language(request);
    const page = messagePage(lang, s, s.checkout_title, s[`refused_${reason}`], {
      tone: 'error',
      link: consoleLink(txn),
    });
    const english = pageStrings(DEFAULT_PAGE_LANGUAGE)[`refused_${reason}`];
    return sendPage(reply, 409, page, [], { message: english, details: { reason } });
  };

  /**
   * The transaction of a checkout page that can still take a card, with its price; otherwise the
   * page says why not (unknown, paid, closed) and this answers undefined.
   */
  const payableTransaction = async (id: string, request: FastifyRequest, reply: FastifyReply) => {
    const found = isLocalId('txn', id) ? await findTransaction(sandbox, id) : undefined;
    if (found?.txn.status === 'ready') return found;
    notPayable(reply, request, found?.txn);
    return undefined;
  };

  r.get('/billing/local/checkout/:transactionId', {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Local sandbox: the hosted checkout page of a transaction',
      description:
        "The local sandbox provider's checkout page (HTML) for a transaction, where a test card is entered; stands in for a real provider's hosted checkout.",
      params: TransactionParams,
      querystring: PageQuery,
      produces: ['text/html'],
      response: html,
    },
    handler: async (request, reply) => {
      const found = await payableTransaction(request.params.transactionId, request, reply);
      if (!found) return reply;
      const { language: lang, s } = language(request);
      const page = checkoutPage(
        lang,
        s,
        summaryOf(found.txn, found.item),
        selfPath(request),
        {},
        found.txn.cancelUrl,
      );
      return sendPage(reply, 200, page, [found.txn.successUrl]);
    },
  });

  r.post('/billing/local/checkout/:transactionId', {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Local sandbox: pay a transaction with a test card (the checkout form)',
      description:
        "The checkout form's post: pays the transaction with a test card; some test cards decline (402) or ask for confirmation first. Answers an HTML page.",
      params: TransactionParams,
      querystring: PageQuery,
      consumes: ['application/x-www-form-urlencoded'],
      body: CardBody,
      produces: ['text/html'],
      response: htmlForm,
    },
    handler: async (request, reply) => {
      const id = request.params.transactionId;
      const found = await payableTransaction(id, request, reply);
      if (!found) return reply;
      const { language: lang, s } = language(request);
      const summary = summaryOf(found.txn, found.item);
      const again = (status: number, state: CardFormState) =>
        sendPage(
          reply,
          status,
          checkoutPage(lang, s, summary, selfPath(request), state, found.txn.cancelUrl),
          [found.txn.successUrl],
          refusalOf(state),
        );
      const form = request.body as CardForm;
      const check = readCard(form, await sandbox.clock.now());
      const kept = { expiry: request.body.expiry, name: request.body.name };
      if (!check.ok) return again(400, { field: check.field, ...kept });
      const outcome = await payCheckout(sandbox, id, check.card);
      switch (outcome.kind) {
        case 'paid':
          if (outcome.successUrl) return reply.redirect(outcome.successUrl, 303);
          return sendPage(
            reply,
            200,
            messagePage(lang, s, s.checkout_title, s.paid_already, { tone: 'done' }),
          );
        case 'declined':
          return again(402, { declined: true, ...kept });
        case 'confirm':
          return sendPage(
            reply,
            200,
            confirmPage(lang, s, summary, `${selfPath(request)}/confirm`, outcome.challenge),
            [found.txn.successUrl],
          );
        case 'not_payable':
          return notPayable(reply, request, { ...found.txn, status: outcome.status });
        case 'refused':
          return refused(reply, request, found.txn, outcome.reason);
      }
    },
  });

  r.post('/billing/local/checkout/:transactionId/confirm', {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Local sandbox: the 3-D-Secure-like confirmation of a payment (card 4000 0027 6000 3184)',
      description:
        "Confirms a payment that asked for it (test card 4000 0027 6000 3184), like a bank's 3-D Secure step. Answers an HTML page.",
      params: TransactionParams,
      consumes: ['application/x-www-form-urlencoded'],
      body: ConfirmBody,
      produces: ['text/html'],
      response: htmlForm,
    },
    handler: async (request, reply) => {
      const id = request.params.transactionId;
      const found = await payableTransaction(id, request, reply);
      if (!found) return reply;
      const { language: lang, s } = language(request);
      const { challenge, decision } = request.body;
      const checkoutPath = selfPath(request).replace(/\/confirm$/, '');
      const outcome =
        challenge && (decision === 'approve' || decision === 'refuse')
          ? await confirmCheckout(sandbox, id, challenge, decision === 'approve')
          : undefined;
      const summary = summaryOf(found.txn, found.item);
      if (!outcome) {
        // No confirmation pending (or a stale one): the card form again.
        return sendPage(reply, 400, checkoutPage(lang, s, summary, checkoutPath, {}, found.txn.cancelUrl), [
          found.txn.successUrl,
        ]);
      }
      if (outcome.kind === 'paid') {
        if (outcome.successUrl) return reply.redirect(outcome.successUrl, 303);
        return sendPage(reply, 200, messagePage(lang, s, s.checkout_title, s.paid_already, { tone: 'done' }));
      }
      if (outcome.kind === 'refused') return refused(reply, request, found.txn, outcome.reason);
      if (outcome.kind === 'declined') {
        return sendPage(
          reply,
          402,
          checkoutPage(lang, s, summary, checkoutPath, { declined: true }, found.txn.cancelUrl),
          [found.txn.successUrl],
        );
      }
      return notPayable(reply, request, found.txn);
    },
  });

  /** The subscription of a payment-method link; none unless the link's signature holds. */
  const loadSubscription = async (id: string, token: unknown) =>
    isLocalId('sub', id) && paymentLinkHolds(sandbox.secret(), id, token, Date.now())
      ? findSubscription(sandbox, id)
      : undefined;

  r.get('/billing/local/payment-method/:subscriptionId', {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Local sandbox: the page where the card of a subscription is replaced',
      description: "The local sandbox page (HTML) where a subscription's card is replaced.",
      params: SubscriptionParams,
      querystring: PaymentLinkQuery,
      produces: ['text/html'],
      response: html,
    },
    handler: async (request, reply) => {
      const { language: lang, s } = language(request);
      const found = await loadSubscription(request.params.subscriptionId, request.query.token);
      if (!found)
        return sendPage(
          reply,
          404,
          messagePage(lang, s, s.payment_method_title, s.not_found, { tone: 'error' }),
        );
      const { sub, item } = found;
      if (sub.status === 'canceled') {
        return sendPage(
          reply,
          409,
          messagePage(lang, s, s.payment_method_title, s.sub_canceled, { tone: 'error' }),
        );
      }
      const page = paymentMethodPage(
        lang,
        s,
        summaryOf(sub, item),
        { last4: sub.cardLast4, pastDue: sub.status === 'past_due' },
        request.url,
      );
      return sendPage(reply, 200, page, [sub.paymentMethodReturnUrl]);
    },
  });

  r.post('/billing/local/payment-method/:subscriptionId', {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Local sandbox: replace the card of a subscription (a past-due renewal is charged at once)',
      description:
        "Replaces the subscription's card; a renewal left past due is charged with the new card at once. Answers an HTML page.",
      params: SubscriptionParams,
      querystring: PaymentLinkQuery,
      consumes: ['application/x-www-form-urlencoded'],
      body: CardBody,
      produces: ['text/html'],
      response: htmlForm,
    },
    handler: async (request, reply) => {
      const { language: lang, s } = language(request);
      const id = request.params.subscriptionId;
      const found = await loadSubscription(id, request.query.token);
      if (!found)
        return sendPage(
          reply,
          404,
          messagePage(lang, s, s.payment_method_title, s.not_found, { tone: 'error' }),
        );
      const { sub, item } = found;
      const again = (status: number, state: CardFormState) =>
        sendPage(
          reply,
          status,
          paymentMethodPage(
            lang,
            s,
            summaryOf(sub, item),
            { last4: sub.cardLast4, pastDue: sub.status === 'past_due' },
            request.url,
            state,
          ),
          [sub.paymentMethodReturnUrl],
          refusalOf(state),
        );
      const kept = { expiry: request.body.expiry, name: request.body.name };
      const check = readCard(request.body as CardForm, await sandbox.clock.now());
      if (!check.ok) return again(400, { field: check.field, ...kept });
      const outcome = await replaceCard(sandbox, id, check.card);
      if (outcome.kind === 'canceled') {
        return sendPage(
          reply,
          409,
          messagePage(lang, s, s.payment_method_title, s.sub_canceled, { tone: 'error' }),
        );
      }
      if (outcome.kind === 'declined') return again(402, { declined: true, ...kept });
      if (outcome.returnUrl) return reply.redirect(outcome.returnUrl, 303);
      const message = outcome.recovered ? s.recovered : s.card_updated;
      return sendPage(reply, 200, messagePage(lang, s, s.payment_method_title, message, { tone: 'done' }));
    },
  });
}

function controlRoutes(app: FastifyInstance, sandbox: Sandbox, controls: SandboxControls): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  const clockAnswer = async () => ({
    now: (await sandbox.clock.now()).toISOString(),
    offset_seconds: await sandbox.clock.offsetSeconds(),
  });

  r.get('/admin/local/clock', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Local sandbox: its clock (real time plus the offset staff moved it by)',
      description: "Staff: the local sandbox's clock, real time plus the offset staff moved it forward by.",
      response: { 200: SandboxClock, ...errors },
    },
    handler: clockAnswer,
  });

  r.post('/admin/local/clock', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Local sandbox: move its clock forward (renewals, trials, dunning retries); kept across restarts',
      description:
        "Staff: moves the local sandbox's clock forward to test renewals, trial ends and payment retries; the offset is kept across restarts.",
      body: SandboxClockBody,
      response: { 200: SandboxClock, ...errors },
    },
    handler: async (request) => {
      await sandbox.clock.advance(request.body.advance_seconds);
      return clockAnswer();
    },
  });

  r.post('/admin/local/run', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Local sandbox: run due renewals and webhook deliveries now',
      description:
        "Staff: runs the local sandbox's due renewals and webhook deliveries now instead of on their schedule.",
      response: { 200: SandboxRun, ...errors },
    },
    handler: async () => {
      const done = await controls.runDue();
      return { now: (await sandbox.clock.now()).toISOString(), ...done };
    },
  });
}
