import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../src/platform/i18n/index.js';

/** `key` or `key.nested` → text (the invoice's statuses are a nested group). */
function flatten(texts: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server text catalogues', () => {
  it('has a catalogue for each of the console languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual(SUPPORTED_LANGUAGES.map((l) => l.code).sort());
  });

  it('fills every key of the English original with the same placeholders, in every language', () => {
    const original = catalogues['en-GB'];
    for (const [language, namespaces] of Object.entries(catalogues)) {
      for (const [namespace, texts] of Object.entries(namespaces)) {
        const english = flatten(original[namespace as keyof typeof original]);
        const own = flatten(texts);
        expect(Object.keys(own).sort(), `${language}/${namespace}`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(own)) {
          expect(text.trim(), `${language}/${namespace}.${key}`).not.toBe('');
          expect(placeholders(text), `${language}/${namespace}.${key}`).toEqual(
            placeholders(english[key] ?? ''),
          );
        }
      }
    }
  });
});
