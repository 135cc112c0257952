/**
 * `ascii=true` on a word placeholder: its words in plain ASCII letters, for URLs and systems that
 * take nothing else. German umlauts and ß become their usual digraphs (müde → muede, groß →
 * gross), other Latin letters lose their accents (pêche → peche, œ → oe); Russian Cyrillic is
 * transliterated by ICAO Doc 9303 (храбрый → khrabryi, ёж → ezh, щука → shchuka); a word of another
 * script (Han) has no ASCII spelling here and is left out. Spellings that meet
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
/**
 * Russian by ICAO Doc 9303 (the scheme of Russian passports since 2013): ASCII letters only, unlike
 * ISO 9 (diacritics) or GOST 7.79 System B (apostrophes and backticks, which URLs escape). The soft
 * sign is dropped, so two words differing only by it meet (and count once, below).
 */
const RUSSIAN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};
const PLAIN = /^[\x20-\x7e]*$/;

/** A Cyrillic letter in ICAO spelling, keeping an initial capital's case (Щука → Shchuka). */
function russianLetter(c: string): string {
  const lower = c.toLowerCase();
  const latin = RUSSIAN[lower] ?? c;
  return c === lower || latin === '' ? latin : latin[0].toUpperCase() + latin.slice(1);
}

/** A word's ASCII spelling in a language, or null when it has none. */
export function asciiSpelling(word: string, language: string | null): string | null {
  let out = language === 'de' ? word.replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c]) : word;
  if (language === 'ru') out = out.replace(/[а-яё]/giu, russianLetter);
  out = out
    .replace(/[œŒæÆøØđĐłŁı]/g, (c) => LETTERS[c])
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return PLAIN.test(out) ? out : null;
}
