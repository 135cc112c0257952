// An invoice's words by language: their catalogues are platform/i18n/<language>/invoice.json
// (amounts, dates, rates and country names come from Intl in the same language). `{name}`
// placeholders are filled by the invoice.
import { catalogues, type InvoiceTexts } from '../../platform/i18n/index.js';
import type { PageLanguage } from './local/strings.js';

/** Statuses are looked up by the transaction's own (any provider's) status. */
export type InvoiceStrings = Omit<InvoiceTexts, 'statuses'> & { statuses: Record<string, string> };

const invoiceStrings = (language: PageLanguage): InvoiceStrings => catalogues[language].invoice;

export const INVOICE_STRINGS = Object.fromEntries(
  Object.keys(catalogues).map((language) => [language, invoiceStrings(language as PageLanguage)]),
) as Record<PageLanguage, InvoiceStrings>;
