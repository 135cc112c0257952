/**
 * Finds English on a page that should be German: the visible text is compared with every English
 * text the product has a different German text for — the console's en-GB catalogues (a German
 * value missing or the same falls back to, or is, the English one) and the server's own pages
 * (its catalogues — the payment sandbox's pages among them —, sign-in and sign-up, the invoice). Brand, plan names and codes are left
 * out by construction: a text that is also a German text anywhere (Pro, Team, API, E-Mail …) is
 * no evidence of English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Frame } from 'playwright-core';
import { INVOICE_STRINGS } from '../../server/src/areas/billing/invoice-strings.js';
import { pageTexts } from '../../server/src/auth/builtin/page-texts/index.js';
import { catalogues } from '../../server/src/platform/i18n/index.js';

const locales = fileURLToPath(new URL('../public/locales/', import.meta.url));

type Texts = Record<string, string>;

function flatten(value: unknown, prefix: string, into: Texts): Texts {
  if (typeof value === 'string') into[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** The console's catalogue of `language`, as "namespace:dotted.key" → text. */
export function catalogue(language: string): Texts {
  const texts: Texts = {};
  for (const file of readdirSync(`${locales}${language}`)) {
    const ns = file.replace(/\.json$/, '');
    const entries = flatten(JSON.parse(readFileSync(`${locales}${language}/${file}`, 'utf8')), '', {});
    for (const [key, text] of Object.entries(entries)) texts[`${ns}:${key}`] = text;
  }
  return texts;
}

/** The server's page texts in one language: its catalogues, the provider's pages, the invoice. */
function serverTexts(language: 'en-GB' | 'de-DE'): Texts {
  return {
    ...flatten(catalogues[language], 'server', {}),
    ...flatten(pageTexts[language], 'auth', {}),
    ...flatten(INVOICE_STRINGS[language], 'invoice', {}),
  };
}

/** i18next `{{name}}` and the server pages' `{name}` as "anything", the rest literal. */
const PLACEHOLDER = /\{\{[^}]+\}\}|\{[a-zA-Z_]+\}/g;
const literal = (text: string) => text.replace(PLACEHOLDER, ' ').replace(/<[^>]+>/g, ' ');
const letters = (text: string) => (literal(text).match(/\p{L}/gu) ?? []).length;

/** English texts worth looking for: the words, as a whole-segment pattern. */
export interface EnglishText {
  key: string;
  text: string;
  pattern: RegExp;
}

function pattern(text: string): RegExp {
  const parts = text
    .replace(/<[^>]+>/g, '')
    .split(PLACEHOLDER)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return new RegExp(`^${parts.join('.+?')}$`, 'su');
}

/**
 * Every English text whose German differs. Left out: texts with fewer than four letters of their
 * own, plural/context variants' empty forms, and any text that is also a German text somewhere.
 */
export function englishTexts(): EnglishText[] {
  const en = { ...catalogue('en-GB'), ...serverTexts('en-GB') };
  const de = { ...catalogue('de-DE'), ...serverTexts('de-DE') };
  const german = new Set(Object.values(de).map((t) => t.trim()));
  const seen = new Set<string>();
  const found: EnglishText[] = [];
  for (const [key, text] of Object.entries(en)) {
    const trimmed = text.trim();
    if (de[key] === text || german.has(trimmed) || seen.has(trimmed) || letters(trimmed) < 4) continue;
    // A lone capitalised token (SaaS, OpenID, Slugsmith) is a name, not English.
    if (!/\s/.test(literal(trimmed).trim()) && !/^[A-Z]?[a-z]+[.:!?]?$/.test(literal(trimmed).trim()))
      continue;
    seen.add(trimmed);
    found.push({ key, text: trimmed, pattern: pattern(trimmed) });
  }
  return found;
}

/** Every German text of the console and the server's pages (to see that a page is German at all). */
export function germanTexts(): Set<string> {
  const de = { ...catalogue('de-DE'), ...serverTexts('de-DE') };
  const en = new Set(Object.values({ ...catalogue('en-GB'), ...serverTexts('en-GB') }).map((t) => t.trim()));
  return new Set(
    Object.values(de)
      .map((t) => t.trim())
      .filter((t) => !/\{/.test(t) && letters(t) >= 4 && !en.has(t)),
  );
}

/**
 * The frame's visible text as segments: each visible text node, each line of the body's
 * rendered text (inline markup joined), and the placeholders of visible fields.
 */
export function visibleSegments(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const segments = new Set<string>();
    const add = (text: string | null | undefined) => {
      const trimmed = text?.replace(/\s+/g, ' ').trim();
      if (trimmed) segments.add(trimmed);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) add(node.nodeValue);
    }
    for (const line of document.body.innerText.split('\n')) add(line);
    for (const field of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    ))
      if (field.checkVisibility()) add(field.placeholder);
    return [...segments];
  });
}

/** What of `english` the segments show, as "text (key)". */
export function englishIn(segments: string[], english: EnglishText[]): string[] {
  return english.filter((e) => segments.some((s) => e.pattern.test(s))).map((e) => `${e.text} (${e.key})`);
}

/** How many segments are German texts of the product. */
export function germanCount(segments: string[], german: Set<string>): number {
  return segments.filter((s) => german.has(s)).length;
}
