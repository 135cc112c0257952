// The server's texts: one catalogue per language and namespace (`<language>/<namespace>.json`, as
// the console keeps its own). British English is the original that every language fills key for
// key; `{name}` placeholders are filled (and escaped) by whoever renders the text. The language
// is chosen by platform/interface-language.
import deDECheckout from './de-DE/checkout.json' with { type: 'json' };
import enGBCheckout from './en-GB/checkout.json' with { type: 'json' };
import enUSCheckout from './en-US/checkout.json' with { type: 'json' };
import esESCheckout from './es-ES/checkout.json' with { type: 'json' };
import frFRCheckout from './fr-FR/checkout.json' with { type: 'json' };
import jaJPCheckout from './ja-JP/checkout.json' with { type: 'json' };
import koKRCheckout from './ko-KR/checkout.json' with { type: 'json' };
import ruRUCheckout from './ru-RU/checkout.json' with { type: 'json' };
import srCyrlCheckout from './sr-Cyrl/checkout.json' with { type: 'json' };
import srLatnCheckout from './sr-Latn/checkout.json' with { type: 'json' };
import zhCNCheckout from './zh-CN/checkout.json' with { type: 'json' };

/** The sandbox's hosted checkout and payment-method pages. */
export type CheckoutTexts = typeof enGBCheckout;

/** Every namespace in each of the console's 11 languages (product spec §9). */
export const catalogues = {
  'en-GB': { checkout: enGBCheckout },
  'en-US': { checkout: enUSCheckout },
  'de-DE': { checkout: deDECheckout },
  'fr-FR': { checkout: frFRCheckout },
  'es-ES': { checkout: esESCheckout },
  'ru-RU': { checkout: ruRUCheckout },
  'sr-Cyrl': { checkout: srCyrlCheckout },
  'sr-Latn': { checkout: srLatnCheckout },
  'zh-CN': { checkout: zhCNCheckout },
  'ja-JP': { checkout: jaJPCheckout },
  'ko-KR': { checkout: koKRCheckout },
} satisfies Record<string, { checkout: CheckoutTexts }>;

/** A language with catalogues. */
export type CatalogueLanguage = keyof typeof catalogues;

export const isCatalogueLanguage = (code: string): code is CatalogueLanguage => code in catalogues;
