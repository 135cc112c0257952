// A transaction as a printable invoice: one self-contained HTML page (no script, inline styles),
// every value escaped.
import type { TransactionRow } from './queries.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** Minor units as an amount with its currency, e.g. `USD 19.00`. */
export function formatMoney(minor: number, currency: string): string {
  let text: string;
  try {
    text = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
  } catch {
    text = `${currency} ${(minor / 100).toFixed(2)}`;
  }
  return escapeHtml(text);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The policy of the page itself: styles inline, nothing loaded, nothing run. */
export const INVOICE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export function invoiceHtml(t: TransactionRow, org: { name: string; slug: string }): string {
  const number = t.invoiceNumber ?? t.providerTransactionId;
  const lines = t.items
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${line.quantity}</td><td class="n">${formatMoney(line.amount, t.currency)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(number)} - Slugsmith</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; color: #1a1b1e; margin: 2rem auto; max-width: 46rem; padding: 0 1rem; }
  header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #1a1b1e; }
  h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
  .brand { font-weight: 700; font-size: 1.3rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { color: #555; }
  table { width: 100%; border-collapse: collapse; margin-top: 1.5rem; }
  th, td { padding: .4rem .3rem; border-bottom: 1px solid #ddd; text-align: left; }
  .n { text-align: right; }
  tfoot td { border: 0; }
  tfoot tr.total td { font-weight: 700; border-top: 2px solid #1a1b1e; }
  @media print { body { margin: 0; } }
</style>
</head>
<body>
<header><span class="brand">Slugsmith</span><h1>Invoice</h1></header>
<dl>
  <dt>Invoice number</dt><dd>${escapeHtml(number)}</dd>
  <dt>Date</dt><dd>${day(t.billedAt ?? t.createdAt)}</dd>
  <dt>Billed to</dt><dd>${escapeHtml(org.name)} (${escapeHtml(org.slug)})</dd>
  <dt>Status</dt><dd>${escapeHtml(t.status)}</dd>
</dl>
<table>
<thead><tr><th>Description</th><th class="n">Quantity</th><th class="n">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
<tfoot>
<tr><td colspan="2" class="n">Subtotal</td><td class="n">${formatMoney(t.subtotal, t.currency)}</td></tr>
<tr><td colspan="2" class="n">Tax</td><td class="n">${formatMoney(t.tax, t.currency)}</td></tr>
<tr class="total"><td colspan="2" class="n">Total</td><td class="n">${formatMoney(t.total, t.currency)}</td></tr>
</tfoot>
</table>
</body>
</html>
`;
}
