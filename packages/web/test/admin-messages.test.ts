import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api.js';
import { ADMIN_MESSAGES } from '../src/routes/admin/admin-messages.js';
import { serverMessage } from '../src/routes/dashboard/server-messages.js';

const LANGUAGES = [
  'de-DE',
  'en-GB',
  'en-US',
  'es-ES',
  'fr-FR',
  'ja-JP',
  'ko-KR',
  'ru-RU',
  'sr-Cyrl',
  'sr-Latn',
  'zh-CN',
];
const admin = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lang}/admin.json`, import.meta.url), 'utf8'));

beforeAll(async () => {
  await i18next.init({
    lng: 'de-DE',
    fallbackLng: 'en-GB',
    ns: ['admin'],
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { admin: admin(lang) }])),
    interpolation: { escapeValue: false },
  });
});

describe('the staff area’s server messages in the reader’s language', () => {
  it('names for every admin message a catalogue entry that exists in all 11 languages', () => {
    for (const [message, key] of Object.entries(ADMIN_MESSAGES)) {
      const path = key.split(':')[1] ?? '';
      for (const lng of LANGUAGES) {
        expect(i18next.exists(path, { ns: 'admin', lng }), `${message} → ${key} in ${lng}`).toBe(true);
      }
    }
  });

  it('translates admin refusals by their words, and a missing provider subscription with its id', () => {
    expect(serverMessage(new ApiError(404, 'Unknown payment provider'))).toBe('Unbekannter Zahlungsanbieter');
    expect(serverMessage(new ApiError(409, 'The subscription is already canceled'))).toBe(
      'Das Abonnement ist bereits gekündigt',
    );
    expect(serverMessage(new ApiError(404, 'Subscription sub_01abc not found'))).toBe(
      'Abonnement sub_01abc nicht gefunden',
    );
    // Anything else stays as the server wrote it.
    expect(serverMessage(new ApiError(400, 'Something new'))).toBe('Something new');
  });
});
