import { readFileSync } from 'node:fs';
import {
  GENERATOR_ERROR_CODES,
  GeneratorError,
  type GeneratorErrorCode,
  type GeneratorErrorParams,
} from '@slugsmith/generator';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/i18n/languages.js';
import { ApiError } from '../src/lib/api.js';
import { serverPatternError } from '../src/routes/playground/pattern-check.js';
import { translatePatternError } from '../src/ui/pattern-messages.js';
import { serverMessage } from '../src/ui/server-messages.js';

const NAMESPACES = ['errors', 'playground'];
const catalogue = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));

// serverMessage reads the app's i18next instance; every language is loaded to compare them.
beforeAll(async () => {
  await i18next.init({
    lng: 'de-DE',
    fallbackLng: false,
    ns: NAMESPACES,
    resources: Object.fromEntries(
      LANGUAGE_CODES.map((lang) => [
        lang,
        Object.fromEntries(NAMESPACES.map((ns) => [ns, catalogue(lang, ns)])),
      ]),
    ),
    interpolation: { escapeValue: false },
  });
});
const inLanguage = (lang: string) => (key: string, options: Record<string, string | number>) =>
  i18next.getFixedT(lang)(key, options);

/** One refusal of each code, with the parameters the engine gives it (both ways where it has two). */
const REFUSALS: [GeneratorErrorCode, GeneratorErrorParams][] = [
  ['count-not-positive', {}],
  ['seed-not-string', {}],
  ['sequence-not-whole', {}],
  ['sequence-out-of-range', {}],
  ['bundle-malformed', {}],
  ['bundle-wrong-language', { bundle: '1.0.0-abc', bundleLanguage: 'fr', kind: 'noun', language: 'de' }],
  ['dictionary-twice', { kind: 'adjective', language: 'de' }],
  ['word-forms-coincide', { kind: 'adjective', language: 'de', form: 'masculine' }],
  ['word-list-too-large', {}],
  ['pattern-needed', { command: 'info' }],
  ['unknown-command', { command: 'xyzzy', suggestions: [] }],
  ['unknown-command', { command: 'froge', suggestions: ['forge'] }],
  ['unknown-language', { language: 'xx', languages: ['de', 'en'], suggestions: [] }],
  ['unknown-language', { language: 'dee', languages: ['de', 'en'], suggestions: ['de'] }],
];
/** Codes whose entry has a variant with the closest names. */
const SUGGESTED = ['unknown-command', 'unknown-language'];

describe('generator errors in the reader’s language, by the engine’s code', () => {
  it('has every code the engine gives, and only those, in every language', () => {
    expect(LANGUAGE_CODES).toHaveLength(11);
    const keys = GENERATOR_ERROR_CODES.flatMap((code) =>
      SUGGESTED.includes(code) ? [code, `${code}_suggested`] : [code],
    );
    for (const lang of LANGUAGE_CODES) {
      const engine = catalogue(lang, 'errors').engine as Record<string, string>;
      expect(Object.keys(engine).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) expect(engine[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('British English reproduces the engine word for word; every other language but American says it differently', () => {
    const others = LANGUAGE_CODES.filter((lang) => !lang.startsWith('en-'));
    expect(new Set(REFUSALS.map(([code]) => code))).toEqual(new Set(GENERATOR_ERROR_CODES));
    for (const [code, params] of REFUSALS) {
      const error = new GeneratorError(code, params);
      expect(translatePatternError(error, inLanguage('en-GB'))).toBe(error.message);
      for (const lang of others)
        expect(translatePatternError(error, inLanguage(lang)), `${lang} ${code}`).not.toBe(error.message);
    }
  });

  it('the server’s refusal is said by its code and parameters, whatever the English says', () => {
    for (const message of [
      "Two bundles hold the 'adjective' dictionary for 'de'",
      'Reworded by a later server',
    ]) {
      const refused = new ApiError(400, message, {
        reason: 'invalid_pattern',
        code: 'dictionary-twice',
        params: { kind: 'adjective', language: 'de' },
      });
      expect(serverMessage(refused)).toBe("Zwei Pakete enthalten das 'adjective'-Wörterbuch für 'de'");
    }
    // An unknown code falls back to the reason's own translation.
    const unknown = new ApiError(400, 'Something new', { reason: 'invalid_pattern', code: 'not-a-code' });
    expect(serverMessage(unknown)).toBe(i18next.t('reason.invalid_pattern', { ns: 'errors' }));
  });

  it('the pattern editor shows a generator error the server gave by its code', () => {
    const refused = new ApiError(400, 'Reworded by a later server', {
      reason: 'invalid_pattern',
      code: 'word-forms-coincide',
      params: { kind: 'adjective', language: 'de', form: 'masculine' },
    });
    const pattern = '{adjective@de}-{noun@de}';
    // Without a span, the whole pattern is marked.
    const shown = serverPatternError(refused, pattern);
    expect(shown).toMatchObject({ code: 'word-forms-coincide', start: 0, end: pattern.length });
    expect(translatePatternError(shown as NonNullable<typeof shown>, inLanguage('de-DE'))).toBe(
      "Das Wörterbuch 'adjective@de' hat zwei Wörter mit derselben Form 'masculine'",
    );
  });
});
