const SUFFIXES = ['', 'K', 'M', 'B', 'T', 'Qa', 'Qi'];

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Intl.NumberFormat for a language and options, built once: building one costs far more than
 * formatting with it, and every interpolated number of every text asks for one.
 */
function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** Below this, every language has a compact form in Intl (CLDR stops at trillions: Bio., 兆). */
const COMPACT_LIMIT = 10n ** 15n;

/**
 * A count in short form. English uses the suffixes of product spec §9 (K, M, B, T, Qa, Qi); other
 * languages their own compact forms from Intl (`167 Mrd.`, `1670億`, `65.000`). One decimal below
 * 100 of a unit, none above; beyond what the language abbreviates, scientific notation. Accepts
 * numbers, bigints and decimal strings (capacities exceed 2^53).
 */
export function formatCount(value: number | bigint | string, locale = 'en-GB'): string {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value.trim())) return value;
    n = BigInt(value.trim());
  } else {
    if (!Number.isFinite(value)) return String(value);
    if (!Number.isInteger(value)) return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
    n = BigInt(value);
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const sign = negative ? '-' : '';
  if (abs < 1000n) return sign + abs.toString();
  if (!isEnglish(locale) && abs < COMPACT_LIMIT) return compact(n, locale);
  const digits = abs.toString().length;
  const tier = Math.floor((digits - 1) / 3);
  if (tier >= SUFFIXES.length || !isEnglish(locale)) {
    // The first three digits, cut (not rounded), with the reader's decimal separator.
    const s = abs.toString();
    const mantissa = numberFormat(locale, { maximumFractionDigits: 2 }).format(
      Number(`${s[0]}.${s.slice(1, 3)}`),
    );
    return `${sign}${mantissa}e${digits - 1}`;
  }
  // Scaled value with one decimal, rounded half up, computed in integers.
  const unit = 10n ** BigInt(tier * 3);
  const tenths = (abs * 10n + unit / 2n) / unit;
  let whole = tenths / 10n;
  let frac = tenths % 10n;
  let t = tier;
  if (whole >= 1000n && t + 1 < SUFFIXES.length) {
    t += 1;
    const tenths2 = (abs * 10n + (unit * 1000n) / 2n) / (unit * 1000n);
    whole = tenths2 / 10n;
    frac = tenths2 % 10n;
  }
  const fmt = numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 0 });
  const num =
    whole >= 100n || frac === 0n ? fmt.format(Number(whole)) : fmt.format(Number(whole) + Number(frac) / 10);
  return `${sign}${num}${SUFFIXES[t]}`;
}

function isEnglish(locale: string): boolean {
  return /^en(-|$)/i.test(locale);
}

/**
 * The language's compact form with one decimal while the shown figure is below 100, cut to a
 * whole figure above it (as the English suffixes are), so `123,5 тыс.` reads `123 тыс.`.
 */
function compact(n: bigint, locale: string): string {
  const oneDecimal = numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const parts = oneDecimal.formatToParts(n);
  const whole = parts
    .filter((p) => p.type === 'integer')
    .map((p) => p.value)
    .join('');
  if (Number(whole) < 100 || !parts.some((p) => p.type === 'fraction')) return oneDecimal.format(n);
  // roundingMode is Intl.NumberFormat v3 (every current browser and Node 20); not yet in TS's lib.
  const cut = {
    notation: 'compact',
    maximumFractionDigits: 0,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions;
  return numberFormat(locale, cut).format(n);
}

/**
 * Every number a translation interpolates (`{{max}}`, `{{count}}`), written with the reader's
 * separators (`64.999` in German); other values pass through unchanged. i18next's `format` hook.
 */
export function formatInterpolated(
  value: unknown,
  _format: string | undefined,
  lng: string | undefined,
): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  try {
    return numberFormat(lng).format(value);
  } catch {
    return numberFormat('en-GB').format(value);
  }
}

/**
 * A share of the capacity in percent, in the reader's language (`0,25` in German): three decimals
 * below 1 %, one above. A used series never shows a flat 0: below 0.001 it reads `<0.001`
 * (`<0,001`), so pass `anyUsed` when at least one id was generated.
 */
export function formatUsedPercent(percent: number, locale = 'en-GB', anyUsed = percent > 0): string {
  const fmt = numberFormat(locale, { maximumFractionDigits: percent < 1 ? 3 : 1 });
  if (anyUsed && percent < 0.001) return `<${fmt.format(0.001)}`;
  return fmt.format(percent);
}

type DurationUnit = 'nanosecond' | 'microsecond' | 'millisecond' | 'second' | 'week' | 'day';

/** A number with a time unit in the reader's language: decimal separator and unit words (Intl). */
function unit(
  value: number,
  name: DurationUnit,
  locale: string,
  display: 'short' | 'narrow' = 'short',
): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: name,
    unitDisplay: display,
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * A duration given in microseconds: ns, µs, ms, s, then weeks, days and hh:mm:ss (product spec §9),
 * in the reader's language (`12,3 ms` in German, `12.3毫秒` in Chinese).
 */
export function formatDurationUs(us: number, locale = 'en-GB'): string {
  if (!Number.isFinite(us) || us < 0) return String(us);
  if (us < 1) return unit(Math.round(us * 1000), 'nanosecond', locale);
  if (us < 1000) return unit(us, 'microsecond', locale);
  if (us < 1_000_000) return unit(us / 1000, 'millisecond', locale);
  const seconds = us / 1_000_000;
  if (seconds < 60) return unit(seconds, 'second', locale, 'narrow');
  const total = Math.floor(seconds);
  const weeks = Math.floor(total / 604_800);
  const days = Math.floor((total % 604_800) / 86_400);
  const hms = [Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60]
    .map((v) => String(v).padStart(2, '0'))
    .join(':');
  return [weeks ? unit(weeks, 'week', locale) : '', days ? unit(days, 'day', locale) : '', hms]
    .filter(Boolean)
    .join(' ');
}

const PERIOD_UNITS = { d: 'day', h: 'hour', m: 'minute', s: 'second' } as const;

/**
 * A rotation period as the API writes it (`7d`, `24h`, `30m`, `45s`) in words of the reader's
 * language (`7 days`, `7 Tage`, `7天`); anything else is shown as given.
 */
export function formatPeriod(period: string, locale = 'en-GB'): string {
  const match = /^(\d+)([dhms])$/.exec(period.trim());
  if (!match) return period;
  const [, amount = '', suffix = ''] = match;
  return numberFormat(locale, {
    style: 'unit',
    unit: PERIOD_UNITS[suffix as keyof typeof PERIOD_UNITS],
    unitDisplay: 'long',
  }).format(Number(amount));
}

/** The count rule of product spec §5 (a whole number from 1 to `max`): the message it deserves, if any. */
export function countError(count: number | string, max: number): 'countPositive' | 'countTooLarge' | null {
  const n = typeof count === 'number' ? count : Number(count);
  if (count === '' || !Number.isInteger(n) || n < 1) return 'countPositive';
  if (n > max) return 'countTooLarge';
  return null;
}
