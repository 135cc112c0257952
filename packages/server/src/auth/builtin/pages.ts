/**
 * The built-in provider's pages: sign-in, sign-up, forgotten and new password, e-mail verification,
 * sign-out and errors. Plain HTML forms in the console's 11 languages, its colours and brand, light
 * and dark by the system's preference; one small script (page-script.ts) allowed by its hash.
 */

import { escapeHtml, fill } from '../../platform/html.js';
import { defaultLanguage, pickLanguage } from '../../platform/interface-language.js';
import { pageScript, pageScriptHash } from './page-script.js';
import { type PageLocale, type PageTexts, pageTexts } from './page-texts/index.js';

export type { PageLocale, PageTexts };

const isPageLocale = (code: string): code is PageLocale => code in pageTexts;
export const defaultPageLocale: PageLocale = isPageLocale(defaultLanguage) ? defaultLanguage : 'en-GB';

/**
 * The language of a built-in provider page, chosen as every server text chooses it: the console's
 * `ui_locales` (space-separated, in order of preference; the pages' own forms carry it too), else
 * the browser's Accept-Language, else the console's default.
 */
export function pickPageLocale(hints: { uiLocales?: unknown; acceptLanguage?: unknown }): PageLocale {
  const named = typeof hints.uiLocales === 'string' ? hints.uiLocales.split(/\s+/) : [];
  const accept = typeof hints.acceptLanguage === 'string' ? hints.acceptLanguage : undefined;
  const code = pickLanguage(named, accept);
  return isPageLocale(code) ? code : defaultPageLocale;
}

/**
 * No outside resources; the only script is page-script.ts. `form-action` is left out on purpose:
 * after the form posts, the provider redirects to the web console's callback, which browsers
 * check against it.
 */
export const pageSecurityPolicy = `default-src 'none'; script-src '${pageScriptHash}'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'`;

/** The password policy's minimum length (the server's policy decides; the pages say it). */
export const pagePasswordMinLength = 10;

const mountPath = '/oidc';

/** What went wrong with a form, named by kind so each language words it. */
export type PageError =
  | { kind: 'required' }
  | { kind: 'invalid-email' }
  | { kind: 'invalid-credentials' }
  | { kind: 'sign-in-disabled' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'password-too-short'; min?: number }
  | { kind: 'password-is-email' }
  | { kind: 'password-too-common' }
  | { kind: 'passwords-differ' };

export function errorText(t: PageTexts, error: PageError): string {
  switch (error.kind) {
    case 'required':
      return fill(t.required);
    case 'invalid-email':
      return fill(t.invalidEmail);
    case 'invalid-credentials':
      return fill(t.invalidCredentials);
    case 'sign-in-disabled':
      return fill(t.signInDisabled);
    case 'throttled':
      return fill(t.throttled, { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
    case 'password-too-short':
      return fill(t.minLength, { min: error.min ?? pagePasswordMinLength });
    case 'password-is-email':
      return fill(t.passwordIsEmail);
    case 'password-too-common':
      return fill(t.passwordTooCommon);
    case 'passwords-differ':
      return fill(t.passwordsDiffer);
  }
}

// The console's look: Mantine's indigo (shade 7 light, 8 dark), its grays and dark surfaces.
const style = `
  :root { color-scheme: light dark; --bg: #f1f3f5; --card: #fff; --text: #1a1b1e; --dim: #495057; --border: #ced4da;
          --primary: #4263eb; --link: #3b5bdb; --error: #c92a2a; --error-bg: #fff5f5; --ok: #1f6b2d; --ok-bg: #ebfbee; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #1a1b1e; --card: #2e2e2e; --text: #e9ecef; --dim: #c1c2c5; --border: #5c5f66;
            --primary: #3b5bdb; --link: #91a7ff; --error: #ffc9c9; --error-bg: #4a2020; --ok: #b2f2bb; --ok-bg: #1f3a25; }
  }
  body { font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans JP", "Noto Sans KR", sans-serif;
         margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text); }
  main { box-sizing: border-box; background: var(--card); padding: 2rem min(2rem, 6vw); border-radius: 12px;
         width: min(24rem, 94vw); box-shadow: 0 2px 14px #0003; }
  .brand { display: flex; align-items: center; gap: .5rem; font-weight: 700; font-size: 1.1rem; margin-bottom: 1.25rem; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  label { display: block; margin: .8rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .55rem .7rem; font: inherit; color: inherit; background: var(--card);
          border: 1px solid var(--border); border-radius: 8px; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
  button { margin-top: 1.25rem; width: 100%; padding: .6rem; font: inherit; font-weight: 600; border: 0;
           border-radius: 8px; background: var(--primary); color: #fff; cursor: pointer; }
  a { color: var(--link); }
  .hint { color: var(--dim); font-size: .9rem; margin: .35rem 0 0; }
  .error, .ok { padding: .55rem .8rem; border-radius: 8px; }
  .error { color: var(--error); background: var(--error-bg); }
  .ok { color: var(--ok); background: var(--ok-bg); }
  p.alt { margin-top: 1.25rem; text-align: center; }
`;

const logo = `<svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3b5bdb"/><path d="M9 20c0 2 2 3 5 3h3c3 0 5-1.5 5-4s-2-3.5-5-4h-2c-2-.3-3-1-3-2s1-2 3-2h2c2 0 3 1 3 2" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>`;

function layout(locale: PageLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} - Slugsmith</title><style>${style}</style></head>
<body><main><div class="brand">${logo}<span>Slugsmith</span></div>${body}</main><script>${pageScript}</script></body></html>`;
}

/** A string error is shown as it is (callers not yet passing a `PageError`). */
const alert = (t: PageTexts, error?: PageError | string) =>
  error
    ? `<p class="error" role="alert">${typeof error === 'string' ? escapeHtml(error) : errorText(t, error)}</p>`
    : '';

/** Every form carries its language, so the page that answers a post speaks it too. */
const localeField = (locale: PageLocale) => `<input type="hidden" name="ui_locales" value="${locale}">`;

const emailField = (t: PageTexts, email: string, autofocus = true) =>
  `<label for="email">${fill(t.email)}</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${autofocus ? ' autofocus' : ''}>`;

/** A new password with its repetition, the policy in words and the strength hint while typing. */
function newPasswordFields(t: PageTexts, min: number, label: string, email?: string) {
  return `<label for="password">${fill(label)}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="${min}" required aria-describedby="password-rules password-strength">
  <p id="password-rules" class="hint">${fill(t.passwordRules, { min })}</p>
  <p id="password-strength" class="hint" aria-live="polite" data-min="${min}"${email ? ` data-email="${escapeHtml(email)}"` : ''}
     data-too-short="${fill(t.strengthTooShort)}" data-weak="${fill(t.strengthLabel)}: ${fill(t.strengthWeak)}"
     data-fair="${fill(t.strengthLabel)}: ${fill(t.strengthFair)}" data-strong="${fill(t.strengthLabel)}: ${fill(t.strengthStrong)}"></p>
  <label for="confirm">${fill(t.repeatPassword)}</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${min}" required>`;
}

export interface FormState {
  uid: string;
  /** Default: British English (pickPageLocale chooses one from the request). */
  locale?: PageLocale;
  email?: string;
  error?: PageError | string;
}

/** The sign-in page of a sign-in attempt, even one that opened on sign-up (screen_hint=signup). */
export const signInPath = (uid: string) => `${mountPath}/interaction/${uid}?screen=sign-in`;

/** The forgotten-password page of a sign-in attempt (the default link of the sign-in page). */
export const forgotPasswordPath = (uid: string) => `${mountPath}/interaction/${uid}/forgot-password`;

export function signInPage({
  uid,
  locale = defaultPageLocale,
  email = '',
  error,
  forgotHref = forgotPasswordPath(uid),
}: FormState & { forgotHref?: string }): string {
  const t = pageTexts[locale];
  const base = `${mountPath}/interaction/${escapeHtml(uid)}`;
  return layout(
    locale,
    t.signInTitle,
    `<h1>${fill(t.signInHeading)}</h1>
${alert(t, error)}
${typeof error === 'object' && error.kind === 'invalid-credentials' ? `<p class="hint">${fill(t.unconfirmedHint)}</p>` : ''}
<form method="post" action="${base}/sign-in">
  ${localeField(locale)}
  ${emailField(t, email)}
  <label for="password">${fill(t.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">${fill(t.signInSubmit)}</button>
</form>
<p class="alt"><a href="${escapeHtml(forgotHref)}">${fill(t.forgotLink)}</a></p>
<p class="alt">${fill(t.newHere)} <a href="${base}/sign-up">${fill(t.createAccountLink)}</a></p>`,
  );
}

export function signUpPage({
  uid,
  locale = defaultPageLocale,
  email = '',
  error,
  minLength = pagePasswordMinLength,
}: FormState & { minLength?: number }): string {
  const t = pageTexts[locale];
  const base = `${mountPath}/interaction/${escapeHtml(uid)}`;
  return layout(
    locale,
    t.signUpTitle,
    `<h1>${fill(t.signUpHeading)}</h1>
${alert(t, error)}
<form method="post" action="${base}/sign-up">
  ${localeField(locale)}
  ${emailField(t, email)}
  ${newPasswordFields(t, minLength, t.password)}
  <button type="submit">${fill(t.signUpSubmit)}</button>
</form>
<p class="alt">${fill(t.haveAccount)} <a href="${escapeHtml(signInPath(uid))}">${fill(t.signInLink)}</a></p>`,
  );
}

/**
 * The answer to every well-formed sign-up, whether or not the address has an account: check the
 * inbox (a verification link, or a note to the owner), then sign in with `signInHref`.
 */
export function signUpConfirmPage(options: {
  locale: PageLocale;
  email: string;
  validHours: number;
  signInHref: string;
}): string {
  const t = pageTexts[options.locale];
  return notice(options.locale, {
    title: t.confirmTitle,
    text: t.confirmText,
    values: { email: options.email, hours: options.validHours },
    tone: 'ok',
    link: { href: options.signInHref, label: t.backToSignIn },
  });
}

/**
 * Forgotten password: the request form, or (with `sent`) the answer that is the same whether or
 * not the address has an account. `action` is where the form posts; `backHref` leads to sign-in.
 */
export function forgotPasswordPage(options: {
  locale: PageLocale;
  action: string;
  backHref: string;
  email?: string;
  error?: PageError;
  sent?: { email: string; validMinutes: number };
}): string {
  const t = pageTexts[options.locale];
  const back = `<p class="alt"><a href="${escapeHtml(options.backHref)}">${fill(t.backToSignIn)}</a></p>`;
  if (options.sent) {
    return layout(
      options.locale,
      t.sentTitle,
      `<h1>${fill(t.sentTitle)}</h1>
<p class="ok" role="status">${fill(t.sentText, { email: options.sent.email, minutes: options.sent.validMinutes })}</p>
${back}`,
    );
  }
  return layout(
    options.locale,
    t.forgotTitle,
    `<h1>${fill(t.forgotTitle)}</h1>
<p>${fill(t.forgotIntro)}</p>
${alert(t, options.error)}
<form method="post" action="${escapeHtml(options.action)}">
  ${localeField(options.locale)}
  ${emailField(t, options.email ?? '')}
  <button type="submit">${fill(t.forgotSubmit)}</button>
</form>
${back}`,
  );
}

/** The new-password form of a reset link; `token` goes back in a hidden field. */
export function resetPasswordPage(options: {
  locale: PageLocale;
  action: string;
  token: string;
  /** The account's address, so the strength hint can call a password built from it weak. */
  email?: string;
  error?: PageError;
  minLength?: number;
}): string {
  const t = pageTexts[options.locale];
  return layout(
    options.locale,
    t.resetTitle,
    `<h1>${fill(t.resetTitle)}</h1>
${alert(t, options.error)}
<form method="post" action="${escapeHtml(options.action)}">
  ${localeField(options.locale)}
  <input type="hidden" name="token" value="${escapeHtml(options.token)}">
  ${newPasswordFields(t, options.minLength ?? pagePasswordMinLength, t.newPassword, options.email)}
  <button type="submit">${fill(t.resetSubmit)}</button>
</form>`,
  );
}

type Tone = 'ok' | 'error' | 'plain';

/** A page that says one thing: its title as heading, one paragraph (a status, an alert or plain), one link. */
function notice(
  locale: PageLocale,
  o: {
    title: string;
    text: string;
    /** The text's `{name}` placeholders. */
    values?: Record<string, string | number>;
    tone: Tone;
    link: { href: string; label: string };
    extra?: string;
  },
): string {
  const text = fill(o.text, o.values);
  const paragraph =
    o.tone === 'plain'
      ? `<p>${text}</p>`
      : `<p class="${o.tone}" role="${o.tone === 'ok' ? 'status' : 'alert'}">${text}</p>`;
  return layout(
    locale,
    o.title,
    `<h1>${fill(o.title)}</h1>
${paragraph}
${o.extra ?? ''}
<p class="alt"><a href="${escapeHtml(o.link.href)}">${fill(o.link.label)}</a></p>`,
  );
}

/** The password was changed (other sessions ended); `continueHref` leads to the console's sign-in. */
export function resetDonePage(options: { locale: PageLocale; continueHref: string }): string {
  const t = pageTexts[options.locale];
  return notice(options.locale, {
    title: t.resetDoneTitle,
    text: t.resetDoneText,
    tone: 'ok',
    link: { href: options.continueHref, label: t.continueToApp },
  });
}

export type LinkProblem = 'invalid' | 'expired' | 'used';

/** A reset link that cannot be used; `requestHref` offers a new one. */
export function resetLinkProblemPage(options: {
  locale: PageLocale;
  problem: LinkProblem;
  requestHref: string;
}): string {
  const t = pageTexts[options.locale];
  const [title, text] = {
    invalid: [t.linkInvalidTitle, t.linkInvalidText],
    expired: [t.linkExpiredTitle, t.linkExpiredText],
    used: [t.linkUsedTitle, t.linkUsedText],
  }[options.problem];
  return notice(options.locale, {
    title,
    text,
    tone: 'error',
    link: { href: options.requestHref, label: t.requestNewLink },
  });
}

export type VerificationResult = 'ok' | LinkProblem;

/** The answer to an e-mail verification link; `continueHref` leads to the console. */
export function verificationResultPage(options: {
  locale: PageLocale;
  result: VerificationResult;
  continueHref: string;
}): string {
  const t = pageTexts[options.locale];
  const [title, text, tone] = (
    {
      ok: [t.verifiedTitle, t.verifiedText, 'ok'],
      used: [t.linkUsedTitle, t.verifyUsedText, 'ok'],
      expired: [t.linkExpiredTitle, t.verifyExpiredText, 'error'],
      invalid: [t.linkInvalidTitle, t.linkInvalidText, 'error'],
    } as const
  )[options.result];
  return notice(options.locale, {
    title,
    text,
    tone,
    link: { href: options.continueHref, label: t.continueToApp },
  });
}

/**
 * Sign-out in one step: the provider's form (id `op.logoutForm`, with its token) is submitted by
 * the page script at once; without scripts the one button does it.
 */
/**
 * The provider's sign-out page. `oneStep` (the console's own sign-out, proved by its ID token):
 * the page submits the form at once. Otherwise (a bare link, perhaps from another site) it asks,
 * and only the person's press on the button signs out.
 */
export function signOutPage(
  form: string,
  locale: PageLocale = defaultPageLocale,
  { oneStep = false }: { oneStep?: boolean } = {},
): string {
  const t = pageTexts[locale];
  const status = oneStep ? `<p role="status">${fill(t.signingOut)}</p>` : `<p>${fill(t.signOutQuestion)}</p>`;
  return layout(
    locale,
    t.signOutTitle,
    `<h1>${fill(t.signOutTitle)}</h1>
${status}
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes"${oneStep ? ' data-autosubmit' : ''}>${fill(t.signOutSubmit)}</button>`,
  );
}

export function signedOutPage(locale: PageLocale, backHref = '/'): string {
  const t = pageTexts[locale];
  return notice(locale, {
    title: t.signedOutTitle,
    text: t.signedOutText,
    tone: 'plain',
    link: { href: backHref, label: t.backToApp },
  });
}

/** The sign-in attempt (interaction) is gone: expired or from another browser. */
export function signInExpiredPage(locale: PageLocale, backHref = '/'): string {
  const t = pageTexts[locale];
  return notice(locale, {
    title: t.expiredTitle,
    text: t.expiredText,
    tone: 'plain',
    link: { href: backHref, label: t.backToApp },
  });
}

/** A protocol error: the message in the reader's language, the OAuth error code for support. */
export function signInProblemPage(locale: PageLocale, code?: string, backHref = '/'): string {
  const t = pageTexts[locale];
  return notice(locale, {
    title: t.problemTitle,
    text: t.problemText,
    tone: 'plain',
    link: { href: backHref, label: t.backToApp },
    extra: code ? `<p class="hint">${fill(t.problemCode)}: <code>${escapeHtml(code)}</code></p>` : '',
  });
}

/** A page with a title and one paragraph, for callers that bring their own words. */
export function messagePage(title: string, message: string, locale: PageLocale = defaultPageLocale): string {
  return layout(locale, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
