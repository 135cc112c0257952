// The receipt e-mailed to an organisation's billing contact after each completed payment, in
// their language, linking the invoice in the console.
import type { Db } from '../../db/connect.js';
import { interfaceLanguage } from '../../platform/interface-language.js';
import type { Mailer } from '../../platform/mail.js';
import { quotedName } from '../../platform/mail-data.js';
import { brandedMail } from '../../platform/mail-templates.js';
import { formatMoney } from '../../platform/money.js';
import * as q from './invoice-queries.js';

interface ReceiptText {
  subject: (p: { org: string; number: string }) => string;
  body: (p: { org: string; amount: string; number: string; date: string }) => string;
  action: string;
  note: string;
}

const en: ReceiptText = {
  subject: (p) => `Receipt for ${p.org}: invoice ${p.number}`,
  body: (p) =>
    `Thank you: we received your payment of ${p.amount} for ${p.org} on ${p.date} (invoice ${p.number}).`,
  action: 'View the invoice',
  note: 'You receive this message as the billing contact of the organisation.',
};

/** The receipt in the 11 interface languages. */
const texts: Record<string, ReceiptText> = {
  'en-GB': en,
  'en-US': { ...en, note: 'You receive this message as the billing contact of the organization.' },
  'de-DE': {
    subject: (p) => `Zahlungsbeleg für ${p.org}: Rechnung ${p.number}`,
    body: (p) =>
      `Vielen Dank: Wir haben Ihre Zahlung von ${p.amount} für ${p.org} am ${p.date} erhalten (Rechnung ${p.number}).`,
    action: 'Rechnung ansehen',
    note: 'Sie erhalten diese Nachricht als Rechnungskontakt der Organisation.',
  },
  'fr-FR': {
    subject: (p) => `Reçu pour ${p.org} : facture ${p.number}`,
    body: (p) =>
      `Merci : nous avons reçu votre paiement de ${p.amount} pour ${p.org} le ${p.date} (facture ${p.number}).`,
    action: 'Voir la facture',
    note: 'Vous recevez ce message en tant que contact de facturation de l’organisation.',
  },
  'es-ES': {
    subject: (p) => `Recibo de ${p.org}: factura ${p.number}`,
    body: (p) =>
      `Gracias: hemos recibido tu pago de ${p.amount} para ${p.org} el ${p.date} (factura ${p.number}).`,
    action: 'Ver la factura',
    note: 'Recibes este mensaje como contacto de facturación de la organización.',
  },
  'ru-RU': {
    subject: (p) => `Квитанция для ${p.org}: счёт ${p.number}`,
    body: (p) => `Спасибо: мы получили ваш платёж ${p.amount} за ${p.org} ${p.date} (счёт ${p.number}).`,
    action: 'Открыть счёт',
    note: 'Вы получили это письмо как контакт организации по оплате.',
  },
  'sr-Cyrl': {
    subject: (p) => `Потврда о уплати за ${p.org}: рачун ${p.number}`,
    body: (p) =>
      `Хвала: примили смо вашу уплату од ${p.amount} за ${p.org} дана ${p.date} (рачун ${p.number}).`,
    action: 'Погледајте рачун',
    note: 'Ову поруку добијате као контакт организације за плаћање.',
  },
  'sr-Latn': {
    subject: (p) => `Potvrda o uplati za ${p.org}: račun ${p.number}`,
    body: (p) =>
      `Hvala: primili smo vašu uplatu od ${p.amount} za ${p.org} dana ${p.date} (račun ${p.number}).`,
    action: 'Pogledajte račun',
    note: 'Ovu poruku dobijate kao kontakt organizacije za plaćanje.',
  },
  'zh-CN': {
    subject: (p) => `${p.org} 的付款收据：发票 ${p.number}`,
    body: (p) => `感谢您的付款：我们已于 ${p.date} 收到 ${p.org} 的付款 ${p.amount}（发票 ${p.number}）。`,
    action: '查看发票',
    note: '您收到此邮件是因为您是该组织的账单联系人。',
  },
  'ja-JP': {
    subject: (p) => `${p.org} の領収書：請求書 ${p.number}`,
    body: (p) =>
      `お支払いありがとうございます。${p.date} に ${p.org} の ${p.amount} のお支払いを受け付けました（請求書 ${p.number}）。`,
    action: '請求書を表示',
    note: 'このメールは組織の請求連絡先としてお送りしています。',
  },
  'ko-KR': {
    subject: (p) => `${p.org} 영수증: 청구서 ${p.number}`,
    body: (p) =>
      `결제해 주셔서 감사합니다. ${p.date}에 ${p.org}의 ${p.amount} 결제를 받았습니다(청구서 ${p.number}).`,
    action: '청구서 보기',
    note: '조직의 청구 담당자로 이 메일을 받으셨습니다.',
  },
};

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
  const language = interfaceLanguage(contact.language);
  const text = texts[language] ?? en;
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
    await deps.mailer.send(
      brandedMail({
        to: contact.email,
        kind: 'receipt',
        language,
        subject: text.subject(values),
        paragraphs: [text.body(values)],
        action: { label: text.action, url },
        note: text.note,
      }),
    );
  } catch (error) {
    await q.releaseReceipt(deps.db, t.id);
    throw error;
  }
}
