import { SUPPORTED_LANGUAGES } from '@slugsmith/contract';

/** A code of the console's interface languages (`en-GB`, `de-DE`, `sr-Latn` …). */
export type InterfaceLanguageCode = string;

export const defaultLanguage: InterfaceLanguageCode = SUPPORTED_LANGUAGES[0]?.code ?? 'en-GB';
const codes = SUPPORTED_LANGUAGES.map((l) => l.code);

/** One language tag to an interface language: exact, then Serbian by script, then the base language. */
export function matchLanguageTag(tag: string): InterfaceLanguageCode | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (!lower || lower === '*') return undefined;
  const exact = codes.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const [base, ...rest] = lower.split('-');
  // Serbian is written in both scripts; Cyrillic unless Latin is named (as the console does).
  if (base === 'sr') return rest.includes('latn') ? 'sr-Latn' : 'sr-Cyrl';
  return codes.find((code) => code.toLowerCase().split('-')[0] === base);
}

/** A stored or sent language (an account's, `?lang=`) as an interface language; the default for none. */
export function interfaceLanguage(tag: string | null | undefined): InterfaceLanguageCode {
  return matchLanguageTag(tag ?? '') ?? defaultLanguage;
}

/** The first of the tags (in order of preference) that names an interface language. */
export function firstLanguageOf(tags: readonly string[]): InterfaceLanguageCode | undefined {
  for (const tag of tags) {
    const match = matchLanguageTag(tag);
    if (match) return match;
  }
  return undefined;
}

/** An `Accept-Language` header's tags, highest quality first (q=0 means "not this one"). */
export function acceptedTags(header: string | undefined): string[] {
  // Bounded: a header of thousands of tags is not worth reading past its first ones.
  return (header ?? '')
    .slice(0, 1_000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The reader's language: what they named (in order), else their browser's, else the default. */
export function pickLanguage(
  named: readonly string[],
  acceptLanguage: string | undefined,
): InterfaceLanguageCode {
  return firstLanguageOf(named) ?? firstLanguageOf(acceptedTags(acceptLanguage)) ?? defaultLanguage;
}
