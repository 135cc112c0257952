import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, catalogueMessage } from '../src/lib/validation-messages.js';

type Tree = { [key: string]: string | Tree };
const english = (ns: string): Tree =>
  JSON.parse(readFileSync(new URL(`../public/locales/en-GB/${ns}.json`, import.meta.url), 'utf8'));
const entry = (key: string) => {
  const [ns = '', path = ''] = key.split(':');
  return path
    .split('.')
    .reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), english(ns));
};

describe('contract messages in the catalogues (§5)', () => {
  it('each names a catalogue entry whose English words are the contract’s', () => {
    for (const [pattern, key] of CONTRACT_MESSAGES) {
      const text = entry(key);
      expect(typeof text, key).toBe('string');
      const english = String(text).replace(/\{\{(\w+)\}\}/g, '7');
      expect(english, key).toMatch(pattern);
      expect(catalogueMessage(english)?.key, english).toBe(key);
    }
  });

  it('carries the figures a message interpolates, and knows nothing else', () => {
    expect(catalogueMessage('Minimum length is 3 characters')).toEqual({
      key: 'errors:validation.minLength',
      values: { min: 3 },
    });
    expect(catalogueMessage('Invalid format')).toEqual({ key: 'errors:validation.invalidFormat' });
    expect(catalogueMessage('Too big: expected array to have <=50 items')).toBeNull();
  });
});
