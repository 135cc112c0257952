import { readdirSync, readFileSync } from 'node:fs';
import type { SuggestMeta } from '@slugsmith/generator';
import { describe, expect, it } from 'vitest';
import { completions, type EditorMeta, languageAt } from '../src/routes/playground/completions.js';

const meta: SuggestMeta = {
  dictionaries: [
    { kind: 'adjective', language: 'en' },
    { kind: 'adjective', language: 'de' },
    { kind: 'noun', language: 'en' },
    { kind: 'verb', language: 'en' },
  ],
  tags: [{ kind: 'noun', tag: 'animal', description: 'Animals' }],
};
const dictionaryTexts = (pattern: string, cursor = pattern.length) =>
  completions(pattern, cursor, meta)
    .filter((s) => s.kind === 'dictionary')
    .map((s) => s.text);

describe('pattern editor completions', () => {
  it('lists each dictionary kind once, in its stored spelling, in an empty placeholder', () => {
    expect(dictionaryTexts('{')).toEqual(['adjective', 'noun', 'verb']);
    expect(dictionaryTexts('{number}-{')).toEqual(['adjective', 'noun', 'verb']);
  });

  it('keeps the casing the user started typing, once per kind', () => {
    expect(dictionaryTexts('{a')).toEqual(['adjective']);
    expect(dictionaryTexts('{NO')).toEqual(['NOUN']);
    expect(dictionaryTexts('{No')).toEqual(['Noun']);
    expect(dictionaryTexts('{N')).toHaveLength(1);
    expect(dictionaryTexts('{nO')).toEqual(['nOuN']);
  });

  it('replaces what was typed and leaves the other kinds of completion alone', () => {
    const [adjective] = completions('{adj', 4, meta);
    expect(adjective).toMatchObject({ text: 'adjective', replace: { start: 1, end: 4 } });
    expect(completions('{noun:+an', 9, meta).map((s) => s.text)).toEqual(['animal']);
    expect(completions('', 0, meta).map((s) => s.text)).toEqual(['{']);
  });

  it('stops at the maximum', () => {
    expect(completions('{', 1, meta, 2)).toHaveLength(2);
  });
});

describe('completions in other languages', () => {
  const languages: EditorMeta = {
    dictionaries: [
      { kind: 'noun', language: 'en' },
      { kind: 'noun', language: 'de' },
      { kind: 'noun', language: 'fr' },
      { kind: 'emoji', language: null },
    ],
    tags: [
      { kind: 'noun', language: 'en', tag: 'animal' },
      { kind: 'noun', language: 'de', tag: 'feminine' },
      { kind: 'noun', language: 'fr', tag: 'masculine' },
      { kind: 'noun', language: null, tag: 'anywhere' },
    ],
  };
  const texts = (pattern: string, cursor = pattern.length) =>
    completions(pattern, cursor, languages).map((s) => s.text);

  it('offers the installed languages after a word placeholder', () => {
    expect(texts('{noun@')).toEqual(['de', 'en', 'fr']);
    expect(texts('{noun@d')).toEqual(['de']);
  });

  it("offers the tags of the placeholder's language (its own @xx, else the global [@xx], else English)", () => {
    expect(texts('{noun@de:+')).toEqual(['feminine', 'anywhere']);
    expect(texts('{noun:+')).toEqual(['animal', 'anywhere']);
    expect(texts('{noun:+}[@fr]', 7)).toEqual(['masculine', 'anywhere']);
    expect(texts('{noun@de:+}[@fr]', 10)).toEqual(['feminine', 'anywhere']);
  });

  it('reads the language at the cursor', () => {
    expect(languageAt('{noun@DE:+an', 12)).toBe('de');
    expect(languageAt('{noun}-{noun:+', 14)).toBe('en');
    expect(languageAt('{noun@de}-{noun:+}', 17)).toBe('en');
    expect(languageAt('{noun}-{noun:+}[@it]', 14)).toBe('it');
    expect(languageAt('{noun}-', 7)).toBe('en');
  });
});

describe('pattern editor hint', () => {
  const locales = readdirSync(new URL('../public/locales/', import.meta.url));
  it.each(locales)('explains casing with the four spellings in %s', (lang) => {
    const catalogue = JSON.parse(
      readFileSync(new URL(`../public/locales/${lang}/playground.json`, import.meta.url), 'utf8'),
    );
    const hint: string = catalogue.editor.casingHint;
    for (const spelling of ['{noun}', '{NOUN}', '{Noun}', '{nOuN}', 'OTTER', 'Otter'])
      expect(hint).toContain(spelling);
    expect(hint).not.toBe(catalogue.editor.hint);
  });

  it('hides the keyboard shortcuts on touch screens, in CSS', () => {
    const css = readFileSync(new URL('../src/routes/playground/pattern-editor.css', import.meta.url), 'utf8');
    expect(css).toMatch(
      /@media \(pointer: coarse\), \(hover: none\) \{\s*\.pattern-editor-keys-hint \{\s*display: none;/,
    );
  });
});
