import { describe, expect, it } from 'vitest';
import { matchLanguage, resolveLanguage, searchLanguages } from '../src/i18n/languages.js';
import { applyLanguagePrefix } from '../src/lib/lang-prefix.js';

describe('language prefix rule (§2.4)', () => {
  it('sets a supported language, case-insensitively, keeping the rest of the path, query and hash', () => {
    expect(applyLanguagePrefix('/de-de/playground', '?pattern=%7Bnoun%7D', '#top')).toEqual({
      kind: 'redirect',
      language: 'de-DE',
      supported: true,
      to: '/playground?pattern=%7Bnoun%7D#top',
    });
    expect(applyLanguagePrefix('/SR-CYRL/docs/intro')).toMatchObject({
      language: 'sr-Cyrl',
      to: '/docs/intro',
    });
    expect(applyLanguagePrefix('/ja-JP')).toMatchObject({ language: 'ja-JP', to: '/' });
  });

  it('maps a base language to its main variant (sr to Cyrillic)', () => {
    expect(applyLanguagePrefix('/sr/stats')).toMatchObject({
      language: 'sr-Cyrl',
      supported: true,
      to: '/stats',
    });
    expect(applyLanguagePrefix('/en/x')).toMatchObject({ language: 'en-GB' });
    expect(applyLanguagePrefix('/sr-Latn-RS/x')).toMatchObject({ language: 'sr-Latn' });
  });

  it('sets the default language for a well-formed but unsupported code', () => {
    expect(applyLanguagePrefix('/pt-BR/playground', '?a=1')).toEqual({
      kind: 'redirect',
      language: 'en-GB',
      supported: false,
      to: '/playground?a=1',
    });
    expect(applyLanguagePrefix('/zzz-Abcd-XY/')).toMatchObject({ supported: false, to: '/' });
  });

  it('sends malformed codes to not-found', () => {
    for (const p of ['/e/x', '/english/x', '/e1/x', '/de-D/x', '/de-DEUTS/x', '/de_DE/x', '/de-DE-X/x', '/'])
      expect(applyLanguagePrefix(p), p).toEqual({ kind: 'not-found' });
  });
});

describe('language matching (§4)', () => {
  it('exact, then base language, then null / the default', () => {
    expect(matchLanguage('en-US')).toBe('en-US');
    expect(matchLanguage('en-AU')).toBe('en-GB');
    expect(matchLanguage('sr')).toBe('sr-Cyrl');
    expect(matchLanguage('sr-RS')).toBe('sr-Cyrl');
    expect(matchLanguage('zh-TW')).toBe('zh-CN');
    expect(matchLanguage('ko_KR')).toBe('ko-KR');
    expect(matchLanguage('pt')).toBeNull();
    expect(resolveLanguage('pt-BR')).toBe('en-GB');
    expect(resolveLanguage(undefined)).toBe('en-GB');
  });

  it('searches name, native name and code case-insensitively', () => {
    expect(searchLanguages('DEUTSCH').map((l) => l.code)).toEqual(['de-DE']);
    expect(searchLanguages('serbian').map((l) => l.code)).toEqual(['sr-Cyrl', 'sr-Latn']);
    expect(searchLanguages('ja-jp').map((l) => l.code)).toEqual(['ja-JP']);
    expect(searchLanguages('日本').map((l) => l.code)).toEqual(['ja-JP']);
    expect(searchLanguages('klingon')).toEqual([]);
    expect(searchLanguages('  ')).toHaveLength(11);
  });
});
