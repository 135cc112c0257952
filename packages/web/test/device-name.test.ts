import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/i18n/languages.js';
import { deviceName } from '../src/routes/account/device-name.js';

const account = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lang}/account.json`, import.meta.url), 'utf8'));
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en-GB',
    ns: ['account'],
    defaultNS: 'account',
    resources: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, { account: account(lang) }])),
    interpolation: { escapeValue: false },
  });
});

describe("the account page's session devices in plain words", () => {
  it('names browser and system together, else whichever is known, else an unknown device', () => {
    const t = i18n.getFixedT('en-GB');
    expect(deviceName({ browser: 'Firefox', os: 'Windows' }, t)).toBe('Firefox on Windows');
    expect(deviceName({ browser: 'Safari', os: null }, t)).toBe('Safari');
    expect(deviceName({ browser: null, os: 'Android' }, t)).toBe('Android');
    expect(deviceName({ browser: null, os: null }, t)).toBe('Unknown device');
    expect(deviceName({ browser: 'Chrome', os: 'Linux' }, i18n.getFixedT('de-DE'))).toBe(
      'Chrome unter Linux',
    );
  });

  it('has every session string in all 11 languages, with the placeholders the page fills', () => {
    for (const lang of LANGUAGE_CODES) {
      const s = account(lang).sessions;
      expect(s.device, lang).toMatch(/\{\{browser\}\}.*\{\{os\}\}|\{\{os\}\}.*\{\{browser\}\}/);
      for (const p of ['address', 'started', 'lastUsed']) expect(s.details, lang).toContain(`{{${p}}}`);
      for (const k of ['unknownDevice', 'thisDevice', 'signOut', 'signedOut', 'signOutFailed'])
        expect(s[k], `${lang} ${k}`).toEqual(expect.any(String));
    }
  });
});
