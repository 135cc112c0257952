import { describe, expect, it } from 'vitest';
import { slugify, toLatin } from '../src/slugs.js';

describe('slugify transliterates by the language of the text', () => {
  it('writes German umlauts and ß as German does', () => {
    expect(slugify('Müller & Söhne GmbH', 'de-DE')).toBe('mueller-soehne-gmbh');
    expect(slugify('Müller & Söhne GmbH')).toBe('mueller-soehne-gmbh');
    expect(slugify('Große Straße', 'de')).toBe('grosse-strasse');
  });

  it('follows the rules of other languages where they differ', () => {
    expect(slugify('Räksmörgås', 'sv-SE')).toBe('raksmorgas');
    expect(slugify('Räksmörgås', 'de-DE')).toBe('raeksmoergas');
    expect(slugify('Привет мир', 'ru-RU')).toBe('privet-mir');
    expect(slugify('Ђорђе', 'sr-Cyrl')).toBe('djordje');
    expect(toLatin('Đorđe', 'sr-Latn')).toBe('Djordje');
  });

  it('keeps the slug rules: a letter first, 3 to 30 characters, unknown languages ignored', () => {
    expect(slugify('Über', 'xx-unknown')).toBe('ueber');
    expect(slugify('42 Öfen')).toBe('x-42-oefen');
    expect(slugify('Ö')).toBe('oex');
    expect(slugify('Ä'.repeat(40))).toHaveLength(30);
    expect(slugify('東京')).toBe('xxx');
  });
});
