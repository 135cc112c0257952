// The zod schemas of the sandbox's hosted pages: their forms, parameters and HTML answers.
import { ErrorBody } from '@slugsmith/contract';
import { z } from 'zod';

const FormField = z.string().max(1_000).optional();
export const CardBody = z
  .object({ number: FormField, expiry: FormField, cvc: FormField, name: FormField, lang: FormField })
  .meta({ description: 'The card form (application/x-www-form-urlencoded)' });
export const ConfirmBody = z.object({ challenge: FormField, decision: FormField, lang: FormField });
export const PageQuery = z.object({
  lang: z.string().max(100).optional().describe('The language of the page'),
});
export const TransactionParams = z.object({
  transactionId: z.string().max(100).describe("The transaction's id"),
});
export const SubscriptionParams = z.object({
  subscriptionId: z.string().max(100).describe("The subscription's id"),
});
export const PaymentLinkQuery = PageQuery.extend({
  token: z.string().max(200).optional().describe('The link signature paymentMethodUrl made'),
});
/** The hosted pages answer HTML, also when they refuse; errors before the handler are JSON. */
const page = (description: string) => z.union([z.string(), ErrorBody]).describe(description);
export const html = {
  200: page('An HTML page'),
  400: page('The card form again, saying what is wrong'),
  404: page('No such checkout or subscription'),
  409: page('Already canceled or no longer open'),
};
export const htmlForm = {
  ...html,
  303: z.null().describe('Paid (or the card saved): on to the success or return URL'),
  402: page('The card was declined: the form again, nothing charged'),
};
