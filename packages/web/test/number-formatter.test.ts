import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { numberFormatter } from '../src/i18n/number-formatter.js';

async function instance(lng: string) {
  const i18n = createInstance().use(numberFormatter());
  await i18n.init({
    lng,
    resources: {
      [lng]: {
        translation: {
          limit: 'höchstens {{max}} pro Anfrage',
          series_one: '{{count}} Serie',
          series_other: '{{count}} Serien',
          ready: 'Ihre {{thing}} ist bereit.',
          shout: '{{word, upper}}',
        },
      },
    },
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return i18n;
}

describe('interpolated numbers in the reader’s language', () => {
  it('writes numbers with German and Japanese separators, plurals still chosen by the number', async () => {
    const de = await instance('de-DE');
    expect(de.t('limit', { max: 64_999 })).toBe('höchstens 64.999 pro Anfrage');
    expect(de.t('series', { count: 1 })).toBe('1 Serie');
    expect(de.t('series', { count: 12_500 })).toBe('12.500 Serien');
    const ja = await instance('ja-JP');
    expect(ja.t('limit', { max: 64_999 })).toBe('höchstens 64,999 pro Anfrage');
  });

  it('leaves strings alone and still applies a named format a text asks for', async () => {
    const de = await instance('de-DE');
    expect(de.t('ready', { thing: 'Serie 2024' })).toBe('Ihre Serie 2024 ist bereit.');
    de.services.formatter?.add('upper', (value) => String(value).toUpperCase());
    expect(de.t('shout', { word: 'mint' })).toBe('MINT');
  });
});
