import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api.js';
import { serverPatternError } from '../src/routes/playground/pattern-check.js';
import { forgeErrorKey } from '../src/routes/playground/playground-page.js';
import { patternErrorText } from '../src/ui/pattern-messages.js';

describe('playground generation errors (product spec §8)', () => {
  it('says "rate limit" only for limits that waiting cures; a plan refusal (also 429) shows its message', () => {
    const limited = new ApiError(429, 'Rate limit exceeded. Please try again in 3 seconds.', {
      reason: 'rate-limit-exceeded',
    });
    expect(forgeErrorKey(limited)).toEqual({ key: 'errors:playground.rateLimit' });
    const tooMany = new ApiError(429, 'Count is too large (maximum: 100)', {
      reason: 'request-size-exceeded',
    });
    expect(forgeErrorKey(tooMany)).toEqual({
      key: 'errors:playground.failed',
      detail: 'Count is too large (maximum: 100)',
    });
    const off = new ApiError(429, 'Forge is not available on the Free plan', { reason: 'not-available' });
    expect(forgeErrorKey(off).key).toBe('errors:playground.failed');
  });
});

describe('a plan refusal in the playground, in the reader’s language', () => {
  beforeAll(async () => {
    const errors = JSON.parse(
      readFileSync(new URL('../public/locales/de-DE/errors.json', import.meta.url), 'utf8'),
    );
    await i18next.init({
      lng: 'de-DE',
      resources: { 'de-DE': { errors } },
      interpolation: { escapeValue: false },
    });
  });

  it('says the refusal by its code, not the server’s English words', () => {
    const off = new ApiError(429, 'Forge is not available on the Free plan', { reason: 'not-available' });
    expect(forgeErrorKey(off)).toEqual({
      key: 'errors:playground.failed',
      detail: 'Dies ist in Ihrem aktuellen Tarif nicht verfügbar',
    });
  });
});

describe('the server’s pattern errors in the editor (issue 25, item 7)', () => {
  let en: (key: string, options: Record<string, string | number>) => string;
  beforeAll(async () => {
    const i18 = i18next.createInstance();
    const playground = JSON.parse(
      readFileSync(new URL('../public/locales/en-GB/playground.json', import.meta.url), 'utf8'),
    );
    await i18.init({
      lng: 'en-GB',
      resources: { 'en-GB': { playground } },
      interpolation: { escapeValue: false },
    });
    en = (key, options) => i18.t(key, options);
  });

  it('marks the span the server names, clamped to the pattern', () => {
    const pattern = '{adjective}-{nuon}';
    const refused = new ApiError(400, "Unknown dictionary 'nuon'. Did you mean 'noun'?", {
      start: 12,
      end: 18,
      expected: [],
    });
    const error = serverPatternError(refused, pattern);
    expect(error).toMatchObject({ start: 12, end: 18, message: refused.message });
    expect(serverPatternError(new ApiError(400, 'x', { start: 3, end: 99 }), 'abcd')).toMatchObject({
      start: 3,
      end: 4,
    });
  });

  it('marks the whole pattern when the refusal names no span, and ignores other failures', () => {
    expect(serverPatternError(new ApiError(400, 'No words available'), '{noun:>40}')).toMatchObject({
      start: 0,
      end: 10,
    });
    // Forge's 400 may be about its count: only a span makes it the pattern's.
    const count = new ApiError(400, 'Count is too large (maximum: 100)', { max: 100 });
    expect(serverPatternError(count, '{noun}', { spanRequired: true })).toBeNull();
    expect(serverPatternError(new ApiError(0, 'offline'), '{noun}')).toBeNull();
    expect(serverPatternError(new ApiError(403, 'Forbidden'), '{noun}')).toBeNull();
    expect(serverPatternError(new Error('boom'), '{noun}')).toBeNull();
  });

  it('words the editor and the Forge box alike by the engine’s code, with a 1-based position', () => {
    // The server's English may be reworded: the code and its parameters are what is translated.
    const error = serverPatternError(
      new ApiError(400, 'A reworded message', {
        reason: 'invalid_pattern',
        code: 'unknown-tag',
        params: { tag: 'animall', kind: 'noun', suggestions: ['animal'] },
        start: 2,
        end: 17,
      }),
      'x-{noun:+animall}',
    );
    expect(error).toMatchObject({ code: 'unknown-tag', start: 2, end: 17 });
    expect(error && patternErrorText(error, en)).toBe(
      "Unknown tag 'animall' for 'noun'. Did you mean 'animal'? (at character 3)",
    );
  });

  it('shows a refusal without an engine code as the server wrote it', () => {
    const error = serverPatternError(
      new ApiError(400, 'Something the engine did not say', { code: 'no-such-code', start: 0, end: 1 }),
      'x',
    );
    expect(error?.code).toBeUndefined();
    expect(error && patternErrorText(error, en)).toBe('Something the engine did not say (at character 1)');
  });
});
