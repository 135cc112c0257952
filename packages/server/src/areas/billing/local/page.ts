// The sandbox's hosted pages: small, self-contained HTML (no script, no external resource), light
// or dark with the visitor's setting, every echoed value escaped.
import { escapeHtml, fill } from '../../../platform/html.js';
import { formatMoney } from '../../../platform/money.js';
import type { CardField } from './cards.js';
import type { Period } from './periods.js';
import type { PageLanguage, PageStrings } from './strings.js';

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#1a1d23;--muted:#4a5160;--line:#c9ced8;--accent:#1d4ed8;--accent-fg:#fff;--warn-bg:#fff4d6;--warn-fg:#5c3d00;--err:#b42318;--ok:#166534}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#181b22;--fg:#eef0f4;--muted:#b4bac6;--line:#3a404d;--accent:#8ab4ff;--accent-fg:#0b1220;--warn-bg:#3b2f0b;--warn-fg:#ffe7a3;--err:#ff9b91;--ok:#86efac}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem}
@media (max-width:32rem){main{margin:0;border-radius:0;border-width:0 0 1px}}
.brand{font-weight:700;font-size:1.1rem;letter-spacing:.01em}
h1{font-size:1.4rem;margin:.75rem 0}
.sandbox{background:var(--warn-bg);color:var(--warn-fg);padding:.75rem;border-radius:.5rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:var(--muted)}dd{margin:0;text-align:end}
.total{font-weight:700}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:.4rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--err)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}
.error{color:var(--err);font-weight:600}
.field-error{color:var(--err);margin:.25rem 0 0;font-size:.9rem}
.done{color:var(--ok);font-weight:600}
button,.button{display:inline-block;margin-top:1.25rem;width:100%;padding:.75rem;font:inherit;font-weight:700;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);cursor:pointer;text-align:center;text-decoration:none}
button.secondary,.button.secondary{background:transparent;color:var(--fg);border:1px solid var(--line)}
`;

function layout(language: PageLanguage, s: PageStrings, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — Slugsmith</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><span class="brand">Slugsmith</span></header>
<p class="sandbox" role="note"><strong>${escapeHtml(s.sandbox)}</strong><br>${escapeHtml(s.sandbox_hint)}</p>
${body}
</main>
</body>
</html>`;
}

export interface Summary {
  plan: string;
  period: Period;
  perNode: boolean;
  quantity: number;
  amount: number;
  currency: string;
  trialDays: number;
  /** What renewals cost (for a trial: what the first charge will be). */
  recurring: number;
  /** A transaction's net amount and tax, shown before paying (as Paddle's checkout shows them). */
  tax?: { net: number; tax: number; rate: string };
}

/** A rate as a percentage in the page's language ("0.19" → "19 %"). */
export function formatRate(rate: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(Number(rate));
}

function summaryList(language: PageLanguage, s: PageStrings, summary: Summary): string {
  const money = (amount: number) => formatMoney(amount, summary.currency, language);
  const tax =
    summary.tax && summary.trialDays === 0
      ? `<dt>${escapeHtml(s.net)}</dt><dd>${escapeHtml(money(summary.tax.net))}</dd>
<dt>${fill(s.tax, { rate: formatRate(summary.tax.rate, language) })}</dt><dd>${escapeHtml(money(summary.tax.tax))}</dd>
`
      : '';
  const trial =
    summary.trialDays > 0
      ? `<dt>${escapeHtml(s.total)}</dt><dd class="total">${fill(s.trial, { days: summary.trialDays, amount: money(summary.recurring) })}</dd>`
      : `<dt>${escapeHtml(s.total)}</dt><dd class="total">${escapeHtml(money(summary.amount))}</dd>`;
  return `<dl>
<dt>${escapeHtml(s.plan)}</dt><dd>${escapeHtml(summary.plan)}</dd>
<dt>${escapeHtml(s.period)}</dt><dd>${escapeHtml(s[`period_${summary.period}`])}</dd>
<dt>${escapeHtml(summary.perNode ? s.nodes : s.quantity)}</dt><dd>${summary.quantity}</dd>
${tax}${trial}
</dl>`;
}

export interface CardFormState {
  /** The field the card check refused, if any. */
  field?: CardField;
  declined?: boolean;
  /** Values to show again (never the number or the code). */
  expiry?: string;
  name?: string;
}

export const FIELD_ERRORS: Record<CardField, keyof PageStrings> = {
  number: 'error_number',
  expiry: 'error_expiry',
  cvc: 'error_cvc',
  name: 'error_name',
};

function cardForm(
  language: PageLanguage,
  s: PageStrings,
  action: string,
  submit: string,
  state: CardFormState,
): string {
  const input = (field: CardField, label: string, attributes: string, value = '') => {
    const invalid = state.field === field;
    const describedBy = invalid ? ` aria-describedby="${field}-error"` : '';
    const error = invalid
      ? `<p class="field-error" id="${field}-error">${escapeHtml(s[FIELD_ERRORS[field]])}</p>`
      : '';
    return `<label for="${field}">${escapeHtml(label)}</label>
<input id="${field}" name="${field}" ${attributes} required aria-invalid="${invalid}"${describedBy} value="${escapeHtml(value)}"${invalid ? ' autofocus' : ''}>
${error}`;
  };
  const alert = state.declined
    ? `<p class="error" role="alert">${escapeHtml(s.declined)}</p>`
    : state.field
      ? `<p class="error" role="alert">${escapeHtml(s[FIELD_ERRORS[state.field]])}</p>`
      : '';
  return `${alert}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="lang" value="${escapeHtml(language)}">
${input('number', s.card_number, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"')}
<div class="row">
<div>${input('expiry', s.expiry, 'autocomplete="cc-exp" maxlength="7" placeholder="12/34"', state.expiry)}</div>
<div>${input('cvc', s.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}</div>
</div>
${input('name', s.name, 'autocomplete="cc-name" maxlength="100"', state.name)}
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

/** The way back to the shop without paying (a link: nothing is sent, the transaction stays open). */
const cancelLink = (s: PageStrings, cancelUrl: string | null) =>
  cancelUrl ? `<a class="button secondary" href="${escapeHtml(cancelUrl)}">${escapeHtml(s.cancel)}</a>` : '';

export function checkoutPage(
  language: PageLanguage,
  s: PageStrings,
  summary: Summary,
  action: string,
  state: CardFormState = {},
  cancelUrl: string | null = null,
): string {
  const submit =
    summary.trialDays > 0
      ? s.save_card
      : s.pay.replace('{amount}', formatMoney(summary.amount, summary.currency, language));
  return layout(
    language,
    s,
    s.checkout_title,
    `<h1>${escapeHtml(s.checkout_title)}</h1>
${summaryList(language, s, summary)}
${cardForm(language, s, action, submit, state)}
${cancelLink(s, cancelUrl)}`,
  );
}

export function confirmPage(
  language: PageLanguage,
  s: PageStrings,
  summary: Summary,
  action: string,
  challenge: string,
): string {
  const amount = formatMoney(summary.trialDays > 0 ? 0 : summary.amount, summary.currency, language);
  const button = (decision: string, label: string, extra = '') =>
    `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="lang" value="${escapeHtml(language)}">
<input type="hidden" name="challenge" value="${escapeHtml(challenge)}">
<input type="hidden" name="decision" value="${decision}">
<button type="submit"${extra}>${escapeHtml(label)}</button>
</form>`;
  return layout(
    language,
    s,
    s.confirm_title,
    `<h1>${escapeHtml(s.confirm_title)}</h1>
<p>${fill(s.confirm_text, { amount })}</p>
${summaryList(language, s, summary)}
${button('approve', s.confirm)}
${button('refuse', s.refuse, ' class="secondary"')}`,
  );
}

export function paymentMethodPage(
  language: PageLanguage,
  s: PageStrings,
  summary: Summary,
  card: { last4: string; pastDue: boolean },
  action: string,
  state: CardFormState = {},
): string {
  const pastDue = card.pastDue ? `<p class="error">${escapeHtml(s.past_due)}</p>` : '';
  return layout(
    language,
    s,
    s.payment_method_title,
    `<h1>${escapeHtml(s.payment_method_title)}</h1>
${summaryList(language, s, summary)}
<p>${fill(s.card_on_file, { last4: card.last4 })}</p>
${pastDue}
${cardForm(language, s, action, s.save_card, state)}`,
  );
}

/** A page that only says something (already paid, not found, card updated), with a way on. */
export function messagePage(
  language: PageLanguage,
  s: PageStrings,
  title: string,
  message: string,
  options: { link?: string; tone?: 'done' | 'error' } = {},
): string {
  const tone = options.tone ? ` class="${options.tone}"` : '';
  const role = options.tone === 'error' ? ' role="alert"' : ' role="status"';
  const link = options.link
    ? `<a class="button" href="${escapeHtml(options.link)}">${escapeHtml(s.continue)}</a>`
    : '';
  return layout(
    language,
    s,
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p${tone}${role}>${escapeHtml(message)}</p>\n${link}`,
  );
}
