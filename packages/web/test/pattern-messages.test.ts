import { readdirSync, readFileSync } from 'node:fs';
import { loadBundle } from '@slugsmith/dictionaries';
import { Generator, PATTERN_ERROR_CODES, PatternError, parsePattern } from '@slugsmith/generator';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translatePatternError } from '../src/ui/pattern-messages.js';

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lang}/playground.json`, import.meta.url), 'utf8'));

const LANGUAGES = readdirSync(new URL('../public/locales/', import.meta.url));

let i18: i18n;
beforeAll(async () => {
  i18 = i18next.createInstance();
  await i18.init({
    lng: 'en-GB',
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { playground: catalogue(lang) }])),
    interpolation: { escapeValue: false },
  });
});
const inLanguage = (lang: string) => (key: string, options: Record<string, string | number>) =>
  i18.getFixedT(lang)(key, options);

/** Patterns the engine rejects, one for each message it can give the playground. */
const BAD_PATTERNS = [
  '{number:0d}',
  '{number:3q}',
  '{number}',
  '{number:3d',
  '{special:3-1}',
  '{emoji:count=0}',
  '{emoji:unique=maybe}',
  '{emoji:foo=1}',
  '{emoji:count}',
  '\\q',
  '}',
  '[x]',
  '{number:x}',
  '{}',
  '{noun@}',
  '{noun:+}',
  '{emoji:unique=true}',
  '{noun:>3+animal}',
  '{number:99d}',
  '{noun:!3}',
  '{noun:+animal-animal}',
  '{noun:+nosuchtag}',
  '{noun:+anmal}',
  '{nosuchdict}',
  '{nuon}',
  '{noun@xx}',
  '{noun:+animal>40}',
  '{emoji:+nosuchtag}',
  '{adjective}{noun}',
];

function engineError(pattern: string, generator: Generator): PatternError {
  try {
    parsePattern(pattern);
    generator.patternInfo(pattern);
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  throw new Error(`${pattern} was accepted`);
}

/** The variants of a code's entry: with closest names, with two pairs of colliding words. */
const VARIANTS: Record<string, string[]> = {
  'unknown-tag': ['_suggested'],
  'unknown-dictionary': ['_suggested'],
  'run-together': ['_example'],
};

describe('pattern messages in the reader’s language, by the engine’s code (product spec §5)', () => {
  it('has every code the engine gives, and only those, in every language', () => {
    expect(LANGUAGES).toHaveLength(11);
    const keys = PATTERN_ERROR_CODES.flatMap((code) => [
      code,
      ...(VARIANTS[code] ?? []).map((v) => code + v),
    ]);
    for (const lang of LANGUAGES) {
      const parser = catalogue(lang).parser as Record<string, string>;
      expect(Object.keys(parser).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) expect(parser[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('British English reproduces the engine word for word; every other language but American says it differently', () => {
    const generator = new Generator(loadBundle());
    const others = LANGUAGES.filter((lang) => !lang.startsWith('en-'));
    for (const error of BAD_PATTERNS.map((p) => engineError(p, generator))) {
      expect(translatePatternError(error, inLanguage('en-GB'))).toBe(error.message);
      for (const lang of others)
        expect(translatePatternError(error, inLanguage(lang)), `${lang} ${error.code}`).not.toBe(
          error.message,
        );
    }
  });

  it('carries the parameters into the translation', () => {
    const de = inLanguage('de-DE');
    const said = (code: PatternError['code'], params: PatternError['params']) =>
      translatePatternError({ code, params, message: 'reworded in English' }, de);
    expect(said('maximum-value', { max: 18 })).toBe('Der höchste Wert ist 18');
    expect(said('unknown-tag', { tag: 'zzz', kind: 'noun', suggestions: [] })).toBe(
      "Unbekanntes Schlagwort 'zzz' für 'noun'",
    );
    expect(said('operator-needs-equals', { operator: '!=' })).toBe("Der Operator != braucht '='");
    expect(said('unknown-tag', { tag: 'anmal', kind: 'noun', suggestions: ['animal', 'mammal'] })).toBe(
      "Unbekanntes Schlagwort 'anmal' für 'noun'. Meinten Sie 'animal', 'mammal'?",
    );
    expect(said('unknown-dictionary', { kind: 'nuon', suggestions: ['noun'] })).toBe(
      "Unbekanntes Wörterbuch 'nuon'. Meinten Sie 'noun'?",
    );
    expect(
      said('run-together', {
        first: '{noun}',
        second: '{suffix}',
        collision: ['boa', 'ster', 'boast', 'er'],
      }),
    ).toContain("('boa' + 'ster' und 'boast' + 'er')");
  });

  it('shows a message without a code as it came', () => {
    expect(translatePatternError({ message: 'Something new' }, inLanguage('de-DE'))).toBe('Something new');
  });
});
