/**
 * The sandbox's card form and its test cards. No card data is kept beyond the last four digits
 * and how the card behaves; nothing is ever sent anywhere.
 */

/** How a test card behaves. Any other number that passes the Luhn check is accepted. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  /** Accepted now; every later charge (renewals) declines: for testing dunning. */
  declinesLater: '4000000000000341',
  /** Asks for a 3-D-Secure-like confirmation before it is accepted. */
  confirms: '4000002760003184',
} as const;

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export interface CardForm {
  number?: unknown;
  expiry?: unknown;
  cvc?: unknown;
  name?: unknown;
}

export interface Card {
  last4: string;
  /** Declines at once (the payment is refused now). */
  declinesNow: boolean;
  /** Kept on file, declines every later charge. */
  declinesLater: boolean;
  needsConfirmation: boolean;
  name: string;
}

export type CardCheck = { ok: true; card: Card } | { ok: false; field: CardField };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the form's fields in order; the first wrong one is named (the page says why). */
export function readCard(form: CardForm, now: Date): CardCheck {
  const number = text(form.number).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { ok: false, field: 'number' };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text(form.expiry));
  if (!expiry) return { ok: false, field: 'expiry' };
  const month = Number(expiry[1]);
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid to the end of its expiry month.
  if (month < 1 || month > 12 || Date.UTC(year, month, 1) <= now.getTime())
    return { ok: false, field: 'expiry' };
  if (!/^\d{3,4}$/.test(text(form.cvc))) return { ok: false, field: 'cvc' };
  const name = text(form.name);
  if (name.length === 0 || name.length > 100) return { ok: false, field: 'name' };
  return {
    ok: true,
    card: {
      last4: number.slice(-4),
      declinesNow: number === TEST_CARDS.declines,
      declinesLater: number === TEST_CARDS.declinesLater,
      needsConfirmation: number === TEST_CARDS.confirms,
      name,
    },
  };
}
