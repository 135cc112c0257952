// Amounts travel in minor units (cents); the currency says how many digits those are.

/** Digits after the decimal point of a currency (USD 2, JPY 0), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

function format(
  amount: number,
  currency: string,
  locale: string | undefined,
  dropZeroCents: boolean,
): string {
  const digits = minorUnitDigits(currency);
  const major = amount / 10 ** digits;
  const shown = dropZeroCents && amount % 10 ** digits === 0 ? 0 : digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(major);
  } catch {
    return `${major.toFixed(shown)} ${currency}`;
  }
}

/** Money as bills and invoices write it: 1900 USD → "$19.00" (en-US). */
export const formatMoney = (amount: number, currency: string, locale?: string) =>
  format(amount, currency, locale, false);

/** A price as price lists write it: whole amounts without decimals ("$19"), others exact ("$19.50"). */
export const formatPrice = (amount: number, currency: string, locale?: string) =>
  format(amount, currency, locale, true);
