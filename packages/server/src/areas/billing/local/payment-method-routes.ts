// The sandbox's payment-method page: where a subscription's card is replaced, reached by a signed
// link (public, like a payment provider's page).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CardForm, readCard } from './cards.js';
import type { Sandbox } from './context.js';
import { isLocalId } from './ids.js';
import { paymentLinkHolds } from './links.js';
import { type CardFormState, messagePage, paymentMethodPage } from './page.js';
import { pageLanguage, refusalOf, sendPage, summaryOf } from './page-replies.js';
import { CardBody, html, htmlForm, PaymentLinkQuery, SubscriptionParams } from './page-schemas.js';
import { findSubscription, replaceCard } from './subscriptions.js';

/** The payment-method page of a subscription and its card form's post. */
export function paymentMethodPageRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const { language: lang, s } = pageLanguage(request);
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
      const { language: lang, s } = pageLanguage(request);
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
