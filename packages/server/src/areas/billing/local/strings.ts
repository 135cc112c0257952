// The hosted pages' strings: their catalogue (platform/i18n/<language>/checkout.json) and language.
import {
  type CatalogueLanguage,
  type CheckoutTexts,
  catalogues,
  isCatalogueLanguage,
} from '../../../platform/i18n/index.js';
import { pickLanguage } from '../../../platform/interface-language.js';

/** The pages' languages: those with catalogues. */
export type PageLanguage = CatalogueLanguage;

export const DEFAULT_PAGE_LANGUAGE: PageLanguage = 'en-GB';

export type PageStrings = CheckoutTexts;

export function pageStrings(language: PageLanguage): PageStrings {
  return catalogues[language].checkout;
}

/** `?lang=` first, then Accept-Language by quality, else English (platform/interface-language). */
export function choosePageLanguage(lang: unknown, acceptLanguage: string | undefined): PageLanguage {
  const code = pickLanguage(typeof lang === 'string' ? [lang] : [], acceptLanguage);
  return isCatalogueLanguage(code) ? code : DEFAULT_PAGE_LANGUAGE;
}
