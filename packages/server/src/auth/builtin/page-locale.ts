import { type PageLocale, pageTexts } from './page-texts/index.js';

export const defaultPageLocale: PageLocale = 'en-GB';
const locales = Object.keys(pageTexts) as PageLocale[];

/** One language tag to a page language: exact match, then the script (Serbian), then the base language. */
function matchTag(tag: string): PageLocale | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (!lower || lower === '*') return undefined;
  const exact = locales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [base, ...rest] = lower.split('-');
  // Serbian is written in both scripts; Cyrillic unless Latin is named (as the console does).
  if (base === 'sr') return rest.includes('latn') ? 'sr-Latn' : 'sr-Cyrl';
  if (base === 'en') return 'en-GB';
  return locales.find((l) => l.toLowerCase().split('-')[0] === base);
}

/** `ui_locales` (space-separated, in order of preference), as OpenID Connect defines it. */
function fromUiLocales(value: string | undefined): PageLocale | undefined {
  for (const tag of (value ?? '').split(/\s+/)) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return undefined;
}

/** `Accept-Language`, highest quality first (q=0 means "not this one"). */
function fromAcceptLanguage(value: string | undefined): PageLocale | undefined {
  const ranked = (value ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return undefined;
}

/**
 * The language of a built-in provider page: the console's `ui_locales` (also carried by the pages'
 * own forms), else the browser's Accept-Language, else British English (the console's default).
 */
export function pickPageLocale(hints: { uiLocales?: unknown; acceptLanguage?: unknown }): PageLocale {
  const ui = typeof hints.uiLocales === 'string' ? hints.uiLocales : undefined;
  const accept = typeof hints.acceptLanguage === 'string' ? hints.acceptLanguage : undefined;
  return fromUiLocales(ui) ?? fromAcceptLanguage(accept) ?? defaultPageLocale;
}
