import { describe, expect, it } from 'vitest';
import { DRAWN_FLAGS, flagCountry } from '../src/components/flag/flag.js';
import { LANGUAGES } from '../src/i18n/languages.js';

describe('language flags (product spec §2.7)', () => {
  it('reads the country code from a flag emoji', () => {
    expect(flagCountry('🇬🇧')).toBe('gb');
    expect(flagCountry('🇷🇸')).toBe('rs');
    expect(flagCountry('not a flag')).toBe('');
  });

  it('has a drawing for the flag of every interface language', () => {
    for (const language of LANGUAGES)
      expect(DRAWN_FLAGS, language.code).toContain(flagCountry(language.flag));
  });
});
