/**
 * Grammar between neighbouring placeholders of one language: an adjective next to a noun takes
 * the form of the noun's gender (German strong endings: mutiger Otter, mutige Katze, mutiges
 * Pferd). The user's order stays the user's; only forms change, and the slug stays injective:
 * the noun's value fixes its gender, and within one gender the bundle's forms of distinct
 * adjectives are distinct (checked when the selector compiles).
 */
export interface AgreementRule {
  /** Gender tags of the language's nouns; an adjective's `forms` are keyed by them. */
  genders: readonly string[];
  /** Which noun an adjective between two agrees with: the next one (de) or the previous one. */
  prefer: 'next' | 'previous';
  /** Agrees only with a noun on the preferred side (Japanese な stands only before a noun). */
  preferredOnly?: boolean;
}

export const AGREEMENT_RULES: Readonly<Record<string, AgreementRule>> = {
  de: { genders: ['masculine', 'feminine', 'neuter'], prefer: 'next' },
  // French adjectives mostly follow the noun (loutre courageuse): one between two nouns agrees
  // with the one before it.
  fr: { genders: ['masculine', 'feminine'], prefer: 'previous' },
  es: { genders: ['masculine', 'feminine'], prefer: 'previous' },
  // Russian adjectives precede the noun (храбрая выдра, храбрый кот, храброе окно).
  ru: { genders: ['masculine', 'feminine', 'neuter'], prefer: 'next' },
  // Japanese has no gender: every common noun carries the tag 'common', and a na-adjective before
  // it takes な (静かな猫); after a noun, or alone, it is the plain stem.
  ja: { genders: ['common'], prefer: 'next', preferredOnly: true },
  // Korean adjectives are descriptive verbs: before a noun they take the attributive -ㄴ/-은
  // (용감한 수달, 작은 배); after a noun, or alone, they are the dictionary form (용감하다).
  ko: { genders: ['common'], prefer: 'next', preferredOnly: true },
  it: { genders: ['masculine', 'feminine'], prefer: 'previous' },
  pt: { genders: ['masculine', 'feminine'], prefer: 'previous' },
};

/**
 * What a selector brings to agreement. Nouns: each value's gender (an index into the rule's
 * genders, or `genders.length` for none). Adjectives: `forms[g][v]`, value v's form for gender g
 * (the last row, for a noun without gender, is the word itself); under mixed case the forms are
 * stored lower-case and masked per slug like the word.
 */
export type Agreement =
  | { language: string; role: 'noun'; gender: Uint8Array }
  | { language: string; role: 'adjective'; forms: string[][]; mixed: boolean; maxBytes: number[] };
