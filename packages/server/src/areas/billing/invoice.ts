// A transaction as a printable invoice: one self-contained HTML page (no script, inline styles),
// every value escaped, in the reader's language (words from ./invoice-strings.ts; money, dates,
// rates and country names through Intl). Seller and buyer are those recorded with the transaction.
import type { InvoiceParty } from '../../db/schema.js';
import { escapeHtml, fill } from '../../platform/html.js';
import { formatMoney } from '../../platform/money.js';
import { INVOICE_STRINGS } from './invoice-strings.js';
import { formatRate } from './local/page.js';
import type { PageLanguage } from './local/strings.js';
import type { TransactionRow } from './queries.js';

/** The policy of the page itself: styles inline, nothing loaded, nothing run. */
export const INVOICE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

function countryName(code: string, language: PageLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function partyBlock(party: InvoiceParty | undefined, fallbackName: string, language: PageLanguage) {
  const s = INVOICE_STRINGS[language];
  const lines = [
    `<strong>${escapeHtml(party?.name || fallbackName)}</strong>`,
    ...(party?.address ?? '')
      .split('\n')
      .filter((line) => line.trim())
      .map(escapeHtml),
    ...(party?.country ? [escapeHtml(countryName(party.country, language))] : []),
    ...(party?.vatNumber ? [fill(s.vat_number, { number: party.vatNumber })] : []),
  ];
  return lines.join('<br>');
}

export function invoiceHtml(
  t: TransactionRow,
  org: { name: string; slug: string },
  language: PageLanguage,
): string {
  const s = INVOICE_STRINGS[language];
  const money = (minor: number) => escapeHtml(formatMoney(minor, t.currency, language));
  const number = t.invoiceNumber ?? t.providerTransactionId;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    t.billedAt ?? t.createdAt,
  );
  const lines = t.items
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${line.quantity}</td><td class="n">${money(line.amount)}</td></tr>`,
    )
    .join('\n');
  const rate = t.taxRate === null ? '–' : formatRate(t.taxRate, language);
  const reverseCharge = t.reverseCharge ? `<p class="note">${escapeHtml(s.reverse_charge)}</p>` : '';
  const footer = t.parties?.footer ? `<footer>${escapeHtml(t.parties.footer)}</footer>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(s.title)} ${escapeHtml(number)} - Slugsmith</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; color: #1a1b1e; margin: 2rem auto; max-width: 46rem; padding: 0 1rem; }
  header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #1a1b1e; }
  h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
  h2 { font-size: .85rem; text-transform: uppercase; letter-spacing: .05em; color: #555; margin: 0 0 .3rem; }
  .brand { font-weight: 700; font-size: 1.3rem; }
  .parties { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin: 1.5rem 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { color: #555; }
  table { width: 100%; border-collapse: collapse; margin-top: 1.5rem; }
  th, td { padding: .4rem .3rem; border-bottom: 1px solid #ddd; text-align: left; }
  .n { text-align: right; }
  tfoot td { border: 0; }
  tfoot tr.total td { font-weight: 700; border-top: 2px solid #1a1b1e; }
  .note { margin-top: 1.5rem; font-weight: 600; }
  footer { margin-top: 2rem; padding-top: .5rem; border-top: 1px solid #ddd; color: #555; font-size: .85rem; white-space: pre-line; }
  @media print { body { margin: 0; } }
</style>
</head>
<body>
<header><span class="brand">Slugsmith</span><h1>${escapeHtml(s.title)}</h1></header>
<div class="parties">
<section data-party="seller"><h2>${escapeHtml(s.seller)}</h2>${partyBlock(t.parties?.seller, 'Slugsmith', language)}</section>
<section data-party="buyer"><h2>${escapeHtml(s.buyer)}</h2>${partyBlock(t.parties?.buyer, `${org.name} (${org.slug})`, language)}</section>
</div>
<dl>
  <dt>${escapeHtml(s.number)}</dt><dd>${escapeHtml(number)}</dd>
  <dt>${escapeHtml(s.date)}</dt><dd>${escapeHtml(date)}</dd>
  <dt>${escapeHtml(s.status)}</dt><dd>${escapeHtml(s.statuses[t.status] ?? t.status)}</dd>
</dl>
<table>
<thead><tr><th>${escapeHtml(s.description)}</th><th class="n">${escapeHtml(s.quantity)}</th><th class="n">${escapeHtml(s.amount)}</th></tr></thead>
<tbody>
${lines}
</tbody>
<tfoot>
<tr><td colspan="2" class="n">${escapeHtml(s.net)}</td><td class="n">${money(t.subtotal)}</td></tr>
<tr data-line="tax"><td colspan="2" class="n">${fill(s.tax, { rate })}</td><td class="n">${money(t.tax)}</td></tr>
<tr class="total"><td colspan="2" class="n">${escapeHtml(s.total)}</td><td class="n">${money(t.total)}</td></tr>
</tfoot>
</table>
${reverseCharge}
${footer}
</body>
</html>
`;
}
