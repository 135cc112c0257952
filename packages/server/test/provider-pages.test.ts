import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageScript } from '../src/auth/builtin/page-script.js';
import { pageTexts } from '../src/auth/builtin/page-texts/index.js';
import {
  forgotPasswordPage,
  pageSecurityPolicy,
  pickPageLocale,
  resetLinkProblemPage,
  resetPasswordPage,
  signInPage,
  signOutPage,
  signUpPage,
  verificationResultPage,
} from '../src/auth/builtin/pages.js';

const enGB = pageTexts['en-GB'];
describe('built-in provider pages: language', () => {
  it.each([
    [{ uiLocales: 'de-DE' }, 'de-DE'],
    [{ uiLocales: 'xx ja' }, 'ja-JP'],
    [{ uiLocales: 'sr-Latn-RS' }, 'sr-Latn'],
    [{ uiLocales: 'sr' }, 'sr-Cyrl'],
    [{ uiLocales: 'EN-us' }, 'en-US'],
    [{ uiLocales: 'en-AU' }, 'en-GB'],
    [{ acceptLanguage: 'fr-CH, fr;q=0.9, en;q=0.8' }, 'fr-FR'],
    [{ acceptLanguage: 'de;q=0.5, ko;q=0.9' }, 'ko-KR'],
    [{ acceptLanguage: 'de;q=0, zh-Hans-CN' }, 'zh-CN'],
    [{ uiLocales: 'ru', acceptLanguage: 'es' }, 'ru-RU'],
    [{ uiLocales: 'tlh', acceptLanguage: 'es' }, 'es-ES'],
    [{ acceptLanguage: 'tlh, *' }, 'en-GB'],
    [{ uiLocales: ['de'], acceptLanguage: undefined }, 'en-GB'],
  ])('%j reads as %s', (hints, expected) => {
    expect(pickPageLocale(hints)).toBe(expected);
  });

  it('every language has every text, translated (English only in the two English ones)', () => {
    for (const [locale, texts] of Object.entries(pageTexts)) {
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(enGB).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(enGB[key as keyof typeof enGB]));
      }
      if (locale.startsWith('en-')) continue;
      const same = Object.entries(texts).filter(([key, text]) => text === enGB[key as keyof typeof enGB]);
      expect(
        same.map(([key]) => key),
        locale,
      ).toEqual([]);
    }
  });
});

describe('built-in provider pages: markup', () => {
  it('the page policy allows exactly the page script, by its hash', () => {
    const hash = createHash('sha256').update(pageScript).digest('base64');
    expect(pageSecurityPolicy).toContain(`script-src 'sha256-${hash}'`);
    expect(signInPage({ uid: 'u1', locale: 'de-DE' })).toContain(`<script>${pageScript}</script>`);
  });

  it('speak the chosen language and carry it in their forms', () => {
    const page = signInPage({ uid: 'u1', locale: 'de-DE', error: { kind: 'invalid-credentials' } });
    expect(page).toContain('<html lang="de-DE">');
    expect(page).toContain('Bei Slugsmith anmelden');
    expect(page).toContain('Ungültige E-Mail-Adresse oder ungültiges Passwort');
    expect(page).toContain('name="ui_locales" value="de-DE"');
    expect(page).toContain('href="/oidc/interaction/u1/forgot-password"');
  });

  it('name the waiting time of a throttled sign-in and the policy of a refused password', () => {
    expect(
      signInPage({ uid: 'u', locale: 'en-GB', error: { kind: 'throttled', retryAfterSeconds: 61 } }),
    ).toContain('Too many attempts. Try again in 2 min.');
    expect(
      signInPage({ uid: 'u', locale: 'ja-JP', error: { kind: 'throttled', retryAfterSeconds: 5 } }),
    ).toContain('1 分後');
    const signUp = signUpPage({ uid: 'u', locale: 'fr-FR', error: { kind: 'password-too-common' } });
    expect(signUp).toContain('Ce mot de passe est trop courant');
    expect(signUp).toContain('minlength="10"');
    expect(signUp).toContain('Au moins 10 caractères');
    expect(signUpPage({ uid: 'u', locale: 'ru-RU', error: { kind: 'password-too-short' } })).toContain(
      'Минимальная длина — 10 символов',
    );
  });

  it('escape what the visitor typed and what the caller passes', () => {
    const evil = '"><script>alert(1)</script>';
    const pages = [
      signInPage({ uid: evil, email: evil }),
      signUpPage({ uid: 'u', email: evil }),
      forgotPasswordPage({
        locale: 'en-GB',
        action: '/f',
        backHref: '/b',
        sent: { email: evil, validMinutes: 30 },
      }),
      resetPasswordPage({ locale: 'en-GB', action: '/r', token: evil, email: evil }),
    ];
    for (const page of pages) expect(page).not.toContain('<script>alert');
  });

  it('forgotten password: the same answer names the address and the link lifetime', () => {
    const page = forgotPasswordPage({
      locale: 'es-ES',
      action: '/oidc/forgot',
      backHref: '/oidc/interaction/u',
      sent: { email: 'ana@example.test', validMinutes: 30 },
    });
    expect(page).toContain('Si existe una cuenta para ana@example.test');
    expect(page).toContain('30 minutos');
    expect(page).not.toContain('<form');
  });

  it('links that cannot be used say why, in the reader language', () => {
    expect(resetLinkProblemPage({ locale: 'ko-KR', problem: 'used', requestHref: '/x' })).toContain(
      '이미 사용된 링크',
    );
    expect(verificationResultPage({ locale: 'sr-Latn', result: 'expired', continueHref: '/' })).toContain(
      'Veza je istekla',
    );
    expect(verificationResultPage({ locale: 'zh-CN', result: 'ok', continueHref: '/' })).toContain(
      '电子邮箱已验证',
    );
  });

  it('sign-out submits the provider form by itself only when asked for one step', () => {
    const form = '<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"></form>';
    const oneStep = signOutPage(form, 'de-DE', { oneStep: true });
    expect(oneStep).toMatch(
      /<button[^>]*form="op.logoutForm"[^>]*name="logout"[^>]*value="yes"[^>]*data-autosubmit/,
    );
    expect(oneStep).toContain('Sie werden abgemeldet…');
    const asks = signOutPage(form, 'de-DE');
    expect(asks).not.toMatch(/<button[^>]*data-autosubmit/);
    expect(asks).toContain('Möchten Sie sich von Slugsmith abmelden?');
    expect(asks).toMatch(/<button[^>]*form="op.logoutForm"[^>]*name="logout"[^>]*value="yes"/);
  });
});
