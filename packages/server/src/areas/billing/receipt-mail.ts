// The receipt e-mailed to an organisation's billing contact after each completed payment, in
// their language, linking the invoice in the console. Its words are
// platform/i18n/<language>/mail.json (`receipt`).
import type { Db } from '../../db/connect.js';
import type { Mailer } from '../../platform/mail.js';
import { quotedName } from '../../platform/mail-data.js';
import { catalogueMail, mailLanguage } from '../../platform/mail-templates.js';
import { formatMoney } from '../../platform/money.js';
import * as q from './invoice-queries.js';

/**
 * Sends the receipt of a completed payment once (the claim on the transaction) to the
 * organisation's first owner; a failed send is released, so the event's retry sends it again.
 */
export async function sendReceipt(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  transactionId: string,
): Promise<void> {
  const t = await q.findTransaction(deps.db, transactionId);
  if (!t?.orgId || t.total <= 0 || t.status !== 'completed') return;
  const contact = await q.billingContact(deps.db, t.orgId);
  if (!contact || !(await q.claimReceipt(deps.db, t.id))) return;
  const language = mailLanguage(contact.language);
  const org = quotedName(language, t.parties?.buyer.name || contact.slug);
  const number = t.invoiceNumber ?? t.providerTransactionId;
  const values = {
    org,
    number,
    amount: formatMoney(t.total, t.currency, language),
    date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      t.billedAt ?? t.createdAt,
    ),
  };
  const url = `${deps.publicUrl}/dashboard/org/${encodeURIComponent(contact.slug)}?${new URLSearchParams({ tab: 'subscription', invoice: t.id })}`;
  try {
    await deps.mailer.send(catalogueMail({ kind: 'receipt', to: contact.email, language, values, url }));
  } catch (error) {
    await q.releaseReceipt(deps.db, t.id);
    throw error;
  }
}
