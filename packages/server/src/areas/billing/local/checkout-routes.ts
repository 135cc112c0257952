// The sandbox's hosted checkout: the card form of a transaction, its post, and the 3-D-Secure-like
// confirmation some test cards ask for (public, like a payment provider's pages).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CardForm, readCard } from './cards.js';
import { confirmCheckout, findTransaction, payCheckout } from './checkout.js';
import type { Sandbox } from './context.js';
import { isLocalId } from './ids.js';
import { type CardFormState, checkoutPage, confirmPage, messagePage } from './page.js';
import { pageLanguage, refusalOf, selfPath, sendPage, summaryOf } from './page-replies.js';
import { CardBody, ConfirmBody, html, htmlForm, PageQuery, TransactionParams } from './page-schemas.js';
import type { Unpayable } from './payable.js';
import type { TransactionRow } from './payloads.js';
import { DEFAULT_PAGE_LANGUAGE, pageStrings } from './strings.js';

/** The console's page of the organisation a checkout was for (its success address names it). */
function consoleLink(txn: TransactionRow): string | undefined {
  if (!txn.successUrl) return undefined;
  const success = new URL(txn.successUrl);
  const org = success.searchParams.get('org');
  return org ? `${success.origin}/dashboard/org/${encodeURIComponent(org)}?tab=subscription` : success.origin;
}

/** The checkout page of a transaction, its card form's post and the confirmation step. */
export function checkoutPageRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** What the checkout page shows when it cannot take a card (paid, closed, unknown). */
  const notPayable = (reply: FastifyReply, request: FastifyRequest, txn: TransactionRow | undefined) => {
    const { language: lang, s } = pageLanguage(request);
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
    const { language: lang, s } = pageLanguage(request);
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
      const { language: lang, s } = pageLanguage(request);
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
      const { language: lang, s } = pageLanguage(request);
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
      const { language: lang, s } = pageLanguage(request);
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
}
