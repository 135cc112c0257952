// The server's texts: one catalogue per language and namespace (`<language>/<namespace>.json`, as
// the console keeps its own). British English is the original that every language fills key for
// key; `{name}` placeholders are filled (and escaped) by whoever renders the text. The language
// is chosen by platform/interface-language.
import deDEAuthPages from './de-DE/auth-pages.json' with { type: 'json' };
import deDECheckout from './de-DE/checkout.json' with { type: 'json' };
import deDEInvoice from './de-DE/invoice.json' with { type: 'json' };
import deDEMail from './de-DE/mail.json' with { type: 'json' };
import enGBAuthPages from './en-GB/auth-pages.json' with { type: 'json' };
import enGBCheckout from './en-GB/checkout.json' with { type: 'json' };
import enGBInvoice from './en-GB/invoice.json' with { type: 'json' };
import enGBMail from './en-GB/mail.json' with { type: 'json' };
import enUSAuthPages from './en-US/auth-pages.json' with { type: 'json' };
import enUSCheckout from './en-US/checkout.json' with { type: 'json' };
import enUSInvoice from './en-US/invoice.json' with { type: 'json' };
import enUSMail from './en-US/mail.json' with { type: 'json' };
import esESAuthPages from './es-ES/auth-pages.json' with { type: 'json' };
import esESCheckout from './es-ES/checkout.json' with { type: 'json' };
import esESInvoice from './es-ES/invoice.json' with { type: 'json' };
import esESMail from './es-ES/mail.json' with { type: 'json' };
import frFRAuthPages from './fr-FR/auth-pages.json' with { type: 'json' };
import frFRCheckout from './fr-FR/checkout.json' with { type: 'json' };
import frFRInvoice from './fr-FR/invoice.json' with { type: 'json' };
import frFRMail from './fr-FR/mail.json' with { type: 'json' };
import jaJPAuthPages from './ja-JP/auth-pages.json' with { type: 'json' };
import jaJPCheckout from './ja-JP/checkout.json' with { type: 'json' };
import jaJPInvoice from './ja-JP/invoice.json' with { type: 'json' };
import jaJPMail from './ja-JP/mail.json' with { type: 'json' };
import koKRAuthPages from './ko-KR/auth-pages.json' with { type: 'json' };
import koKRCheckout from './ko-KR/checkout.json' with { type: 'json' };
import koKRInvoice from './ko-KR/invoice.json' with { type: 'json' };
import koKRMail from './ko-KR/mail.json' with { type: 'json' };
import ruRUAuthPages from './ru-RU/auth-pages.json' with { type: 'json' };
import ruRUCheckout from './ru-RU/checkout.json' with { type: 'json' };
import ruRUInvoice from './ru-RU/invoice.json' with { type: 'json' };
import ruRUMail from './ru-RU/mail.json' with { type: 'json' };
import srCyrlAuthPages from './sr-Cyrl/auth-pages.json' with { type: 'json' };
import srCyrlCheckout from './sr-Cyrl/checkout.json' with { type: 'json' };
import srCyrlInvoice from './sr-Cyrl/invoice.json' with { type: 'json' };
import srCyrlMail from './sr-Cyrl/mail.json' with { type: 'json' };
import srLatnAuthPages from './sr-Latn/auth-pages.json' with { type: 'json' };
import srLatnCheckout from './sr-Latn/checkout.json' with { type: 'json' };
import srLatnInvoice from './sr-Latn/invoice.json' with { type: 'json' };
import srLatnMail from './sr-Latn/mail.json' with { type: 'json' };
import zhCNAuthPages from './zh-CN/auth-pages.json' with { type: 'json' };
import zhCNCheckout from './zh-CN/checkout.json' with { type: 'json' };
import zhCNInvoice from './zh-CN/invoice.json' with { type: 'json' };
import zhCNMail from './zh-CN/mail.json' with { type: 'json' };

/** The built-in provider's pages (sign-in, sign-up, password, verification, sign-out). */
export type AuthPageTexts = typeof enGBAuthPages;
/** The sandbox's hosted checkout and payment-method pages. */
export type CheckoutTexts = typeof enGBCheckout;
/** An invoice's words (amounts, dates, rates and country names come from Intl). */
export type InvoiceTexts = typeof enGBInvoice;
/** The e-mails: account links and notices, invitations, receipts (platform/mail-templates). */
export type MailTexts = typeof enGBMail;

/** Every namespace in each of the console's 11 languages (product spec §9). */
export const catalogues = {
  'en-GB': { authPages: enGBAuthPages, checkout: enGBCheckout, invoice: enGBInvoice, mail: enGBMail },
  'en-US': { authPages: enUSAuthPages, checkout: enUSCheckout, invoice: enUSInvoice, mail: enUSMail },
  'de-DE': { authPages: deDEAuthPages, checkout: deDECheckout, invoice: deDEInvoice, mail: deDEMail },
  'fr-FR': { authPages: frFRAuthPages, checkout: frFRCheckout, invoice: frFRInvoice, mail: frFRMail },
  'es-ES': { authPages: esESAuthPages, checkout: esESCheckout, invoice: esESInvoice, mail: esESMail },
  'ru-RU': { authPages: ruRUAuthPages, checkout: ruRUCheckout, invoice: ruRUInvoice, mail: ruRUMail },
  'sr-Cyrl': {
    authPages: srCyrlAuthPages,
    checkout: srCyrlCheckout,
    invoice: srCyrlInvoice,
    mail: srCyrlMail,
  },
  'sr-Latn': {
    authPages: srLatnAuthPages,
    checkout: srLatnCheckout,
    invoice: srLatnInvoice,
    mail: srLatnMail,
  },
  'zh-CN': { authPages: zhCNAuthPages, checkout: zhCNCheckout, invoice: zhCNInvoice, mail: zhCNMail },
  'ja-JP': { authPages: jaJPAuthPages, checkout: jaJPCheckout, invoice: jaJPInvoice, mail: jaJPMail },
  'ko-KR': { authPages: koKRAuthPages, checkout: koKRCheckout, invoice: koKRInvoice, mail: koKRMail },
} satisfies Record<
  string,
  { authPages: AuthPageTexts; checkout: CheckoutTexts; invoice: InvoiceTexts; mail: MailTexts }
>;

/** A language with catalogues. */
export type CatalogueLanguage = keyof typeof catalogues;

export const isCatalogueLanguage = (code: string): code is CatalogueLanguage => code in catalogues;
