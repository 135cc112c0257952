import type { FormatterModule } from 'i18next';
import { formatInterpolated } from '../lib/numbers.js';

type Named = (value: unknown, lng: string | undefined, options: unknown) => string;

/**
 * i18next's formatter, replaced so that every interpolated number gets the reader's separators
 * (`{{max}}` → 64.999 in German) without each text asking for `{{max, number}}`; with
 * `alwaysFormat` i18next hands it every value. Named formats added through `add`/`addCached`
 * still apply when a text asks for one.
 */
export function numberFormatter(): FormatterModule {
  const named = new Map<string, Named>();
  return {
    type: 'formatter',
    init() {},
    add(name, fc) {
      named.set(name.toLowerCase().trim(), fc);
    },
    addCached(name, fc) {
      named.set(name.toLowerCase().trim(), (value, lng, options) => fc(lng, options)(value));
    },
    format(value, format, lng, options) {
      if (!format) return formatInterpolated(value, undefined, lng) as string;
      return format
        .split(',')
        .map((f) => f.toLowerCase().trim())
        .reduce<unknown>((v, f) => named.get(f)?.(v, lng, options) ?? v, value) as string;
    },
  };
}
