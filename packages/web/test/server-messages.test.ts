import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api.js';
import { KNOWN_MESSAGES, serverMessage } from '../src/routes/dashboard/server-messages.js';

const NAMESPACES = ['dashboard', 'errors', 'playground', 'account'];
const catalogue = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const resources = (lang: string) => Object.fromEntries(NAMESPACES.map((ns) => [ns, catalogue(lang, ns)]));

// serverMessage reads the app's i18next instance (it also serves notifications outside components).
beforeAll(async () => {
  await i18next.init({
    lng: 'de-DE',
    fallbackLng: 'en-GB',
    ns: NAMESPACES,
    resources: { 'en-GB': resources('en-GB'), 'de-DE': resources('de-DE') },
    interpolation: { escapeValue: false },
  });
});

describe('server messages in the reader’s language', () => {
  it('every known server message names a catalogue entry that exists', () => {
    for (const [message, key] of Object.entries(KNOWN_MESSAGES)) {
      const [ns = '', path = ''] = key.split(':');
      expect(i18next.exists(path, { ns, lng: 'en-GB' }), `${message} → ${key}`).toBe(true);
    }
  });

  it('translates a known message by its words, and by the reason the server gives', () => {
    expect(serverMessage(new ApiError(404, 'Account not found'))).toBe('Konto nicht gefunden');
    expect(serverMessage(new ApiError(409, 'Already a member', { reason: 'already_member' }))).toBe(
      'Dieses Konto ist bereits Mitglied',
    );
    expect(
      serverMessage(
        new ApiError(403, 'The Free plan allows at most 3 series in this organisation', {
          reason: 'plan_limit',
          limit: 'max_series',
          max: 3,
        }),
      ),
    ).toBe('Ihr Tarif erlaubt höchstens 3 Serien in dieser Organisation');
    expect(
      serverMessage(
        new ApiError(400, 'Pattern is too complex', {
          reason: 'pattern-too-complex',
          limit: 'max_pattern_components',
          max: 4,
        }),
      ),
    ).toBe('Das Muster ist zu komplex: Ihr Tarif erlaubt höchstens 4 Bestandteile');
  });

  it('translates the plan refusals of console mint and slice, with their figures', () => {
    const refusal = (message: string, details: Record<string, unknown>) =>
      serverMessage(new ApiError(429, message, details));
    expect(
      refusal('Count is too large (maximum: 100)', {
        reason: 'request-size-exceeded',
        limit: 'max_mint_per_request',
        max: 100,
      }),
    ).toBe('Die Anzahl ist zu groß: Ihr Tarif erlaubt höchstens 100 pro Anfrage');
    expect(
      refusal('The slice ends too far ahead of the series position (at most 1000 positions forward)', {
        reason: 'request-size-exceeded',
        limit: 'slice_window_forward',
        max: 1000,
      }),
    ).toBe(
      'Der Ausschnitt endet zu weit nach der Position der Serie: Ihr Tarif erlaubt höchstens 1000 Positionen voraus',
    );
    expect(
      refusal('Usage quota exceeded', { reason: 'daily-limit-exceeded', max: 1000, retry_after: 60 }),
    ).toBe(
      'Nutzungskontingent überschritten: Das Tageslimit Ihres Tarifs von 1000 ist aufgebraucht (es erneuert sich um 00:00 UTC)',
    );
    expect(
      refusal('Rate limit exceeded. Please try again in 7 seconds.', {
        reason: 'rate-limit-exceeded',
        retry_after: 7,
      }),
    ).toBe('Anfragelimit überschritten. Bitte versuchen Sie es in 7 Sekunden erneut.');
    expect(refusal('Mint is not available on the Free plan', { reason: 'not-available' })).toBe(
      'Dies ist in Ihrem aktuellen Tarif nicht verfügbar',
    );
  });

  it('keeps the server’s words for a message it does not know', () => {
    expect(serverMessage(new ApiError(500, 'Something odd happened'))).toBe('Something odd happened');
    expect(serverMessage(new ApiError(403, 'Odd limit', { reason: 'plan_limit', limit: 'max_odd' }))).toBe(
      'Odd limit',
    );
  });
});
