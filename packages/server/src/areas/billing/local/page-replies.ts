// How the sandbox's hosted pages answer: HTML with its own security policy for browsers, the usual
// JSON error body for programs; the page's language; what a page sums up of a checkout.
import { type ErrorDetails, ErrorMessages } from '@slugsmith/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../platform/errors.js';
import { type CardFormState, FIELD_ERRORS, type Summary } from './page.js';
import type { PriceWithProduct, SubscriptionRow, TransactionRow } from './payloads.js';
import {
  choosePageLanguage,
  DEFAULT_PAGE_LANGUAGE,
  type PageLanguage,
  type PageStrings,
  pageStrings,
} from './strings.js';

/** What a page sums up of a checkout's transaction or a subscription: plan, period, amounts, tax. */
export function summaryOf(txnOrSub: TransactionRow | SubscriptionRow, item: PriceWithProduct): Summary {
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
export function refusalOf(state: CardFormState): Refusal | undefined {
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
export function sendPage(
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

/** The page's language (its form's or query's `lang`, then Accept-Language) and its texts. */
export function pageLanguage(request: FastifyRequest): { language: PageLanguage; s: PageStrings } {
  const body = (request.body ?? {}) as { lang?: unknown };
  const query = (request.query ?? {}) as { lang?: unknown };
  const chosen = choosePageLanguage(body.lang ?? query.lang, request.headers['accept-language']);
  return { language: chosen, s: pageStrings(chosen) };
}

/** The form's own path, so a re-shown form posts where it came from (its language rides in a field). */
export const selfPath = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
