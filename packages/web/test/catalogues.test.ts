import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, NAMESPACES } from '../src/i18n/languages.js';

const root = new URL('../public/locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };
const load = (lang: string, ns: string): Tree =>
  JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, root), 'utf8'));

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}

/** The key without its plural suffix: the plural forms differ per language. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
/** Serbian Cyrillic to Latin, letter by letter; Latin text (names, codes) passes through. */
const SR_LATIN: Record<string, string> = Object.fromEntries(
  [...'абвгдђежзијклљмнњопрстћуфхцчџш'].map((c, i) => [
    c,
    [
      'a',
      'b',
      'v',
      'g',
      'd',
      'đ',
      'e',
      'ž',
      'z',
      'i',
      'j',
      'k',
      'l',
      'lj',
      'm',
      'n',
      'nj',
      'o',
      'p',
      'r',
      's',
      't',
      'ć',
      'u',
      'f',
      'h',
      'c',
      'č',
      'dž',
      'š',
    ][i],
  ]),
);
function serbianLatin(text: string): string {
  const chars = [...text];
  return chars
    .map((ch, i) => {
      const lower = ch.toLowerCase();
      const latin = SR_LATIN[lower];
      if (!latin) return ch;
      if (ch === lower) return latin;
      // A capital digraph is Lj at the start of a word and LJ inside an all-capitals word.
      const next = chars[i + 1];
      if (latin.length > 1 && next && next !== next.toLowerCase()) return latin.toUpperCase();
      return latin[0].toUpperCase() + latin.slice(1);
    })
    .join('');
}

const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues (§2.10, §9)', () => {
  it('every language has every namespace with every key of en-GB and the same placeholders', () => {
    for (const ns of NAMESPACES) {
      const en = flatten(load('en-GB', ns));
      const enBases = new Set(Object.keys(en).map(base));
      for (const lang of LANGUAGE_CODES) {
        const cat = flatten(load(lang, ns));
        const bases = new Set(Object.keys(cat).map(base));
        expect(
          [...enBases].filter((k) => !bases.has(k)),
          `${lang}/${ns} missing`,
        ).toEqual([]);
        expect(
          [...bases].filter((k) => !enBases.has(k)),
          `${lang}/${ns} extra`,
        ).toEqual([]);
        for (const [key, value] of Object.entries(cat)) {
          expect(value.trim(), `${lang}/${ns}:${key}`).not.toBe('');
          const enKey = key in en ? key : `${base(key)}_other`;
          expect(vars(value), `${lang}/${ns}:${key}`).toEqual(vars(en[enKey] ?? value));
        }
        // Every plural key has the "other" form, which i18next falls back to.
        for (const key of Object.keys(cat).filter((k) => k !== base(k)))
          expect(cat[`${base(key)}_other`], `${lang}/${ns}:${key}`).toBeDefined();
      }
    }
  });

  it('translations are real, not English copies', () => {
    for (const lang of LANGUAGE_CODES.filter((l) => !l.startsWith('en'))) {
      let same = 0;
      let total = 0;
      for (const ns of NAMESPACES) {
        const en = flatten(load('en-GB', ns));
        for (const [key, value] of Object.entries(flatten(load(lang, ns)))) {
          total++;
          if (en[key] === value) same++;
        }
      }
      // Brand and operation names (Forge, Mint, Slice) and cognates (Documentation, Transactions) may match.
      expect(same / total, lang).toBeLessThan(0.15);
    }
  });

  it('German and Japanese show no English: a value equal to the English one is a name, a code or the same word in that language', () => {
    // Product, provider and operation names, HTTP paths and units read the same everywhere.
    const names = /^(Forge|Mint|Slice|SaaS|API|Paddle|\{\{ms\}\} ms|GET \/[\w/-]+)$/;
    const sameWord: Record<string, string[]> = {
      'de-DE': [
        'Admin',
        'Cloud (SaaS)',
        'Cookies',
        'Dashboard',
        'Details',
        'Host',
        'Information',
        'Installation',
        'Limits',
        'Markdown',
        'Name',
        'Organisation',
        'Playground',
        'Position',
        'Seed',
        'Slug',
        'Slugs',
        'Status',
        'Sudoku',
        'Sudoku {{slug}}',
        'Support',
      ],
      'ja-JP': [],
    };
    for (const [lang, words] of Object.entries(sameWord)) {
      const english: string[] = [];
      for (const ns of NAMESPACES) {
        const en = flatten(load('en-GB', ns));
        for (const [key, value] of Object.entries(flatten(load(lang, ns))))
          if (en[key] === value && !names.test(value) && !words.includes(value))
            english.push(`${ns}:${key} "${value}"`);
      }
      expect(english, lang).toEqual([]);
    }
  });

  it('German and Japanese carry no English phrase inside a translated value', () => {
    // Placeholders, code in backticks and addresses are not words of the text.
    const prose = (v: string) =>
      v
        .replace(/\{\{\w+\}\}/g, ' ')
        .replace(/`[^`]*`/g, ' ')
        .replace(/https?:\/\/\S+/g, ' ');
    // English function words never appear in German text ("was" is German too).
    const englishWords =
      /\b(the|and|your|you|with|is|are|of|not|this|to|for|from|has|have|will|can|cannot|please|failed|found)\b/i;
    // A possessive straight before its verb lost its noun in translation ("Ihre ist bereit.").
    const lostNoun = /\b(Ihre|Ihr|Ihren|Ihrem|Ihrer)\s+(ist|sind|wird|werden|hat|haben)\b/;
    // Japanese writes names (SDK, API, Forge) in Latin letters, never two English words in a row.
    const englishRun = /[A-Za-z][A-Za-z'’-]*(?: [A-Za-z][A-Za-z'’-]*)+/;
    const found: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, value] of Object.entries(flatten(load('de-DE', ns))))
        if (englishWords.test(prose(value)) || lostNoun.test(value))
          found.push(`de-DE/${ns}:${key} "${value}"`);
      for (const [key, value] of Object.entries(flatten(load('ja-JP', ns))))
        if (englishRun.test(prose(value))) found.push(`ja-JP/${ns}:${key} "${value}"`);
    }
    expect(found).toEqual([]);
  });

  it('operation names are translated alike: where a language translates one of Forge, Mint, Slice, it translates its siblings', () => {
    const mixed: string[] = [];
    const walk = (tree: Tree, en: Tree, where: string) => {
      const ops = ['forge', 'mint', 'slice'].filter((k) => typeof tree[k] === 'string');
      const kept = ops.filter((k) => tree[k] === en[k]);
      if (ops.length >= 2 && kept.length > 0 && kept.length < ops.length)
        mixed.push(`${where}: ${ops.map((k) => `${k}=${tree[k]}`).join(', ')}`);
      for (const [k, v] of Object.entries(tree))
        if (typeof v !== 'string' && typeof en[k] === 'object') walk(v, en[k] as Tree, `${where}.${k}`);
    };
    for (const lang of LANGUAGE_CODES)
      for (const ns of NAMESPACES) walk(load(lang, ns), load('en-GB', ns), `${lang}/${ns}`);
    expect(mixed).toEqual([]);
  });

  it('Russian and Serbian carry their plural forms; Serbian Latin is the Cyrillic text transliterated', () => {
    expect(flatten(load('ru-RU', 'landing'))).toHaveProperty(['gallery.more_few']);
    expect(flatten(load('ru-RU', 'landing'))).toHaveProperty(['gallery.more_many']);
    expect(flatten(load('sr-Cyrl', 'playground'))).toHaveProperty(['results.title_few']);
    const latn = flatten(load('sr-Latn', 'common'));
    expect(latn['notFound.title']).toBe('Stranica nije pronađena');
    expect(Object.values(latn).join('')).not.toMatch(/[\u0400-\u04FF]/);
    // Every value, not just one: an edit made in one script only shows up here.
    for (const ns of NAMESPACES) {
      const cyrl = flatten(load('sr-Cyrl', ns));
      const latin = flatten(load('sr-Latn', ns));
      for (const [key, value] of Object.entries(cyrl))
        expect(latin[key], `sr-Latn/${ns}:${key}`).toBe(serbianLatin(value));
    }
  });
});
