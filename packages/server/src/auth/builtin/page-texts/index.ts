// The built-in provider's page texts by language: their catalogues are
// platform/i18n/<language>/auth-pages.json.
import { type AuthPageTexts, type CatalogueLanguage, catalogues } from '../../../platform/i18n/index.js';

export type PageTexts = AuthPageTexts;
export type PageLocale = CatalogueLanguage;

/** The built-in provider's page texts, by the console's language codes (product spec §9). */
export const pageTexts = Object.fromEntries(
  Object.entries(catalogues).map(([language, namespaces]) => [language, namespaces.authPages]),
) as Record<PageLocale, PageTexts>;
