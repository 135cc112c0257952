/** Dates of the dashboards, in UTC like every time in the product (DESIGN: time). */
export function formatDate(iso: string | null | undefined, locale: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatDateTime(iso: string | null | undefined, locale: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** Generated ids against the capacity, as a percentage (both decimal strings; capacities exceed 2^53). */
export function usedPercent(generated: string, capacity: string): number {
  try {
    const cap = BigInt(capacity);
    if (cap <= 0n) return 0;
    const perMille = (BigInt(generated) * 100_000n) / cap;
    return Math.min(100, Number(perMille) / 1000);
  } catch {
    return 0;
  }
}
