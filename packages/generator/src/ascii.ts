/**
 * `ascii=true` on a word placeholder: its words in plain ASCII letters, for URLs and systems that
 * take nothing else. German umlauts and ß become their usual digraphs (müde → muede, groß →
 * gross), other Latin letters lose their accents (pêche → peche, œ → oe); a word of another
 * script (Han, Cyrillic) has no ASCII spelling here and is left out. Spellings that meet
 * (pêche, péché) count once, the first in dictionary order, so the slugs stay distinct (G2).
 */
const GERMAN: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
};
const LETTERS: Record<string, string> = {
  œ: 'oe',
  Œ: 'OE',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
};
const PLAIN = /^[\x20-\x7e]*$/;

/** A word's ASCII spelling in a language, or null when it has none. */
export function asciiSpelling(word: string, language: string | null): string | null {
  let out = language === 'de' ? word.replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c]) : word;
  out = out
    .replace(/[œŒæÆøØđĐłŁı]/g, (c) => LETTERS[c])
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return PLAIN.test(out) ? out : null;
}
