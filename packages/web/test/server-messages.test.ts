import { readFileSync } from 'node:fs';
import { RefusalCode } from '@slugsmith/contract';
import { SlugsmithError } from '@slugsmith/sdk';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/i18n/languages.js';
import { ApiError } from '../src/lib/api.js';
import { toApiError } from '../src/lib/generator-api.js';
import { describeCheckError } from '../src/routes/test-functionality/describe-error.js';
import { STATUS_TEXTS, serverMessage } from '../src/ui/server-messages.js';

const NAMESPACES = ['errors', 'playground'];
// Every interface language, as the console lists them.
const LANGUAGES = LANGUAGE_CODES;
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
  it('has a translation of every refusal code in every language', () => {
    for (const lang of LANGUAGES) {
      const reasons = catalogue(lang, 'errors').reason as Record<string, unknown>;
      for (const code of RefusalCode.options) {
        expect(
          typeof reasons[code] === 'string' && reasons[code] !== '',
          `${lang} errors:reason.${code}`,
        ).toBe(true);
      }
    }
  });

  it('translates by the code, whatever words the server uses', () => {
    // The server's message reworded (or any words at all): the code still finds its translation.
    for (const message of ['Already a member', 'This account already belongs here', '']) {
      expect(serverMessage(new ApiError(409, message, { reason: 'already_member' }))).toBe(
        'Dieses Konto ist bereits Mitglied',
      );
    }
    // A known message without its code is not recognised by its words.
    expect(serverMessage(new ApiError(409, 'This slug is taken'))).toBe('This slug is taken');
    expect(serverMessage(new ApiError(409, 'Slug in use', { reason: 'slug_taken', field: 'slug' }))).toBe(
      'Dieser Slug ist bereits vergeben',
    );
  });

  it('translates a refused pattern by the engine’s code and parameters, whatever the English says', () => {
    for (const message of ["Unknown dictionary 'nuon'. Did you mean 'noun'?", 'Reworded by a later server']) {
      const refused = new ApiError(400, message, {
        reason: 'invalid_pattern',
        code: 'unknown-dictionary',
        params: { kind: 'nuon', suggestions: ['noun'] },
        start: 0,
        end: 6,
      });
      expect(serverMessage(refused)).toBe("Unbekanntes Wörterbuch 'nuon'. Meinten Sie 'noun'?");
    }
  });

  it('translates the generator API’s refusal of a signed call, not the SDK’s English wrapping', () => {
    const refused = new SlugsmithError(
      'Authentication failed: Origin not allowed',
      401,
      { reason: 'origin_not_allowed' },
      'Origin not allowed',
    );
    expect(serverMessage(toApiError(refused))).toBe(
      'Authentifizierung fehlgeschlagen: Die Adresse dieser Website ist kein Ursprung, den die SDK-Konfiguration erlaubt',
    );
    // The self-check's signed call throws the SDK's error itself.
    expect(describeCheckError(refused)).toBe(
      '401 Authentifizierung fehlgeschlagen: Die Adresse dieser Website ist kein Ursprung, den die SDK-Konfiguration erlaubt',
    );
    // No words from the server (no answer at all): the SDK's own message stays.
    expect(toApiError(new SlugsmithError('Request timed out', 0)).message).toBe('Request timed out');
  });

  it('translates a refusal by the reason the server gives, with its figures', () => {
    expect(serverMessage(new ApiError(404, 'Account not found', { reason: 'account_not_found' }))).toBe(
      'Konto nicht gefunden',
    );
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
    expect(serverMessage(new ApiError(403, 'Odd limit', { reason: 'not_a_code', limit: 'max_odd' }))).toBe(
      'Odd limit',
    );
  });
});

describe('§8 status, sign-in and network texts', () => {
  // serverMessage reads the instance's language: English for these, German where the test says so.
  const en = async (error: ApiError) => {
    await i18next.changeLanguage('en-GB');
    try {
      return serverMessage(error);
    } finally {
      await i18next.changeLanguage('de-DE');
    }
  };

  it('a status without a server message says the status’s own text, for every §8 status', async () => {
    const english = catalogue('en-GB', 'errors').http as Record<string, string>;
    for (const code of STATUS_TEXTS) {
      expect(await en(new ApiError(code, 'API Error')), String(code)).toBe(english[String(code)]);
    }
    expect(await en(new ApiError(400, 'API Error'))).toBe('Bad request');
    expect(serverMessage(new ApiError(503, 'API Error'))).toBe('Dienst nicht verfügbar');
    expect(await en(new ApiError(418, 'API Error'))).toBe('Request failed with status 418');
  });

  it('401 and 410 say §8’s words whatever unknown message came with them', async () => {
    expect(await en(new ApiError(401, 'API Error'))).toBe('User not authenticated');
    expect(await en(new ApiError(401, 'jwt malformed'))).toBe('User not authenticated');
    expect(serverMessage(new ApiError(401, 'jwt malformed'))).toBe('Benutzer nicht authentifiziert');
    expect(await en(new ApiError(410, 'Gone'))).toBe('Resource has been deleted');
    // A 401 with a code keeps its own meaning.
    expect(await en(new ApiError(401, 'Token expired', { reason: 'session_expired' }))).toBe(
      'Your session has expired',
    );
  });

  it('translates the sign-in layer’s 401 variants', async () => {
    expect(
      serverMessage(new ApiError(401, 'Failed to obtain access token', { reason: 'no_access_token' })),
    ).toBe('Zugriffstoken konnte nicht abgerufen werden');
    expect(await en(new ApiError(401, 'No token', { reason: 'no_token' }))).toBe(
      'Authentication required but no token available',
    );
    expect(await en(new ApiError(401, 'User not authenticated'))).toBe('User not authenticated');
  });

  it('says offline or timeout for a request that got no answer, and §8’s code-0 text otherwise', async () => {
    const noAnswer = (reason: string) => new ApiError(0, 'Network error: No response received', { reason });
    expect(await en(noAnswer('offline'))).toBe(
      'You are offline. Check your internet connection and try again.',
    );
    expect(await en(noAnswer('timeout'))).toBe('The request timed out. Please try again.');
    expect(serverMessage(noAnswer('timeout'))).toBe(
      'Zeitüberschreitung der Anfrage. Bitte versuchen Sie es erneut.',
    );
    expect(await en(noAnswer('no_response'))).toBe('Network error: No response received');
  });
});
