import { describe, expect, it } from 'vitest';
import { matchLanguage, resolveLanguage, searchLanguages } from '../src/i18n/languages.js';
import { applyLanguagePrefix } from '../src/lib/lang-prefix.js';

describe('language prefix rule for unknown paths (§2.4)', () => {
  it('sets a console language, case-insensitively, keeping the rest of the path, query and hash', () => {
    expect(applyLanguagePrefix('/de-de/playground', '?pattern=%7Bnoun%7D', '#top')).toEqual({
      kind: 'redirect',
      language: 'de-DE',
      to: '/playground?pattern=%7Bnoun%7D#top',
    });
    expect(applyLanguagePrefix('/de-DE/docs')).toEqual({ kind: 'redirect', language: 'de-DE', to: '/docs' });
    expect(applyLanguagePrefix('/sr-Latn/stats')).toEqual({
      kind: 'redirect',
      language: 'sr-Latn',
      to: '/stats',
    });
    expect(applyLanguagePrefix('/SR-CYRL/docs/intro')).toMatchObject({
      language: 'sr-Cyrl',
      to: '/docs/intro',
    });
    expect(applyLanguagePrefix('/ja-JP')).toMatchObject({ language: 'ja-JP', to: '/' });
  });

  it('takes a base language as its main variant; the rest of the path decides the page', () => {
    // /de/faq sets German and goes to /faq, which is then not found in its turn.
    expect(applyLanguagePrefix('/de/faq')).toEqual({ kind: 'redirect', language: 'de-DE', to: '/faq' });
    expect(applyLanguagePrefix('/faq')).toEqual({ kind: 'not-found' });
    expect(applyLanguagePrefix('/en')).toEqual({ kind: 'redirect', language: 'en-GB', to: '/' });
    expect(applyLanguagePrefix('/sr/stats')).toMatchObject({ language: 'sr-Cyrl', to: '/stats' });
    expect(applyLanguagePrefix('/sr-Latn-RS/x')).toMatchObject({ language: 'sr-Latn' });
  });

  it('sets the default language for a real language the console lacks, keeping the rest', () => {
    expect(applyLanguagePrefix('/pt-BR/playground', '?a=1')).toEqual({
      kind: 'redirect',
      language: 'en-GB',
      to: '/playground?a=1',
    });
  });

  it('sends unknown pages and codes that name no language to not-found instead of the home page', () => {
    for (const p of ['/faq', '/foo/bar/baz', '/docs', '/zzz-Abcd-XY/', '/abc', '/foo/', '/api/x'])
      expect(applyLanguagePrefix(p, '?a=1'), p).toEqual({ kind: 'not-found' });
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
