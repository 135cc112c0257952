// The <head> a crawler reads without running the console: the page's title and description in
// the reader's language, `lang` on <html>, and canonical and hreflang links for the 11 languages.
// The console sets the same title when it runs (web `lib/titles.ts`), from the same catalogues.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';
import { escapeHtml } from '../../platform/html.js';
import { defaultLanguage } from '../../platform/interface-language.js';

export const BRAND = 'Slugsmith';
/** Search engines show about this many characters of a description. */
const DESCRIPTION_CHARS = 160;

export interface PageHead {
  language: string;
  title: string;
  description: string;
  /** The page's URL without a language: alternates add `?lng=<code>`. */
  href: string;
  /** Whether the URL named the language (a prefix or `?lng=`): the canonical URL keeps it. */
  languageNamed: boolean;
}

const withLanguage = (href: string, code: string) => {
  const url = new URL(href);
  url.searchParams.set('lng', code);
  return url.href;
};

/** index.html with the page's head: its title, description, language and links. */
export function renderHead(indexHtml: string, head: PageHead): string {
  const canonical = head.languageNamed ? withLanguage(head.href, head.language) : head.href;
  const links = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...SUPPORTED_LANGUAGES.map(
      ({ code }) =>
        `<link rel="alternate" hreflang="${code}" href="${escapeHtml(withLanguage(head.href, code))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.href)}" />`,
  ];
  return indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(head.language)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(head.description)}"`,
    )
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** A document's description: its first paragraph of prose, without markdown, cut at a word. */
export function describeMarkdown(markdown: string): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block && !/^(#|```|<|\||[-*+] |\d+\. |>|!\[)/.test(block)) ?? '';
  const text = paragraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_CHARS / 2))}…`;
}

type Catalogue = { titles?: Record<string, unknown>; descriptions?: Record<string, unknown> };

/**
 * The console's page titles and descriptions (`navigation` namespace of its built catalogues), read
 * once per language; a missing key falls back to the default language's, as the console does.
 */
export function consoleTexts(dist: string) {
  const catalogues = new Map<string, Catalogue>();
  const catalogue = (language: string): Catalogue => {
    let found = catalogues.get(language);
    if (!found) {
      const file = join(dist, 'locales', language, 'navigation.json');
      found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {};
      catalogues.set(language, found);
    }
    return found;
  };
  const text = (language: string, group: 'titles' | 'descriptions', key: string) => {
    const value = catalogue(language)[group]?.[key] ?? catalogue(defaultLanguage)[group]?.[key];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    /** '{Page} - {brand}' (product spec §2.5), the brand alone for a page without a title. */
    title: (language: string, page: string | undefined) => {
      const name = page && text(language, 'titles', page);
      return name ? `${name} - ${BRAND}` : BRAND;
    },
    description: (language: string, page: string | undefined) =>
      (page && text(language, 'descriptions', page)) || text(language, 'descriptions', 'default'),
  };
}
