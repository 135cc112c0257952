/**
 * An amount in minor units (cents) in the reader's language: `12,00 €`, `$12.00`. A currency Intl
 * does not know is written plainly (`12.00 XTS`).
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}
