import { describe, expect, it } from 'vitest';
import { documentLanguageCandidates, documentLanguageOf } from '../src/documents.js';
import { SUPPORTED_LANGUAGES } from '../src/languages.js';

describe('document languages', () => {
  it('tries the tag, its script, its base language, then English', () => {
    expect(documentLanguageCandidates('en-GB')).toEqual(['en']);
    expect(documentLanguageCandidates('de-DE')).toEqual(['de', 'en']);
    expect(documentLanguageCandidates('sr-Cyrl')).toEqual(['sr-Cyrl', 'en']);
    expect(documentLanguageCandidates('sr-latn-rs')).toEqual(['sr-Latn', 'en']);
    expect(documentLanguageCandidates('sr')).toEqual(['sr-Cyrl', 'en']);
    expect(documentLanguageCandidates('zh-CN')).toEqual(['zh', 'en']);
    expect(documentLanguageCandidates('pt-BR')).toEqual(['en']);
    expect(documentLanguageCandidates('not a tag')).toEqual(['en']);
    expect(documentLanguageCandidates(undefined)).toEqual(['en']);
  });

  it('maps every enabled language to a stored one, and nothing else', () => {
    for (const l of SUPPORTED_LANGUAGES) expect(documentLanguageOf(l.code), l.code).toBeDefined();
    expect(SUPPORTED_LANGUAGES.map((l) => documentLanguageOf(l.code))).toEqual([
      'en',
      'en',
      'de',
      'fr',
      'es',
      'ru',
      'sr-Cyrl',
      'sr-Latn',
      'zh',
      'ja',
      'ko',
    ]);
    expect(documentLanguageOf('xx')).toBeUndefined();
    expect(documentLanguageOf('!!')).toBeUndefined();
  });
});
