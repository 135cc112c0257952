/**
 * `ascii=true` on a word placeholder: its words in plain ASCII letters, for URLs and systems that
 * take nothing else. German umlauts and ß become their usual digraphs (müde → muede, groß →
 * gross), other Latin letters lose their accents (pêche → peche, œ → oe); Russian Cyrillic is
 * transliterated by ICAO Doc 9303 (храбрый → khrabryi, ёж → ezh, щука → shchuka); Japanese kana by
 * Hepburn without long-vowel marks (しずか → shizuka), kanji by the word's romaji from the bundle
 * (`latin`); Korean Hangul by the Revised Romanization (`hangul.ts`: 수달 → sudal); a word of another
 * script without one (Han) has no ASCII spelling and is left out. Spellings that meet
 * (pêche, péché) count once, the first in dictionary order, so the slugs stay distinct (G2).
 */
import { romanizeHangul } from './hangul.js';

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

const DIGRAPHS: Record<string, string> = {
  キャ: 'kya',
  キュ: 'kyu',
  キョ: 'kyo',
  シャ: 'sha',
  シュ: 'shu',
  ショ: 'sho',
  チャ: 'cha',
  チュ: 'chu',
  チョ: 'cho',
  ニャ: 'nya',
  ニュ: 'nyu',
  ニョ: 'nyo',
  ヒャ: 'hya',
  ヒュ: 'hyu',
  ヒョ: 'hyo',
  ミャ: 'mya',
  ミュ: 'myu',
  ミョ: 'myo',
  リャ: 'rya',
  リュ: 'ryu',
  リョ: 'ryo',
  ギャ: 'gya',
  ギュ: 'gyu',
  ギョ: 'gyo',
  ジャ: 'ja',
  ジュ: 'ju',
  ジョ: 'jo',
  ビャ: 'bya',
  ビュ: 'byu',
  ビョ: 'byo',
  ピャ: 'pya',
  ピュ: 'pyu',
  ピョ: 'pyo',
};
const KANA_FIELDS =
  'ア a イ i ウ u エ e オ o カ ka キ ki ク ku ケ ke コ ko サ sa シ shi ス su セ se ソ so タ ta チ chi ツ tsu テ te ト to ナ na ニ ni ヌ nu ネ ne ノ no ハ ha ヒ hi フ fu ヘ he ホ ho マ ma ミ mi ム mu メ me モ mo ヤ ya ユ yu ヨ yo ラ ra リ ri ル ru レ re ロ ro ワ wa ヲ o ン n ガ ga ギ gi グ gu ゲ ge ゴ go ザ za ジ ji ズ zu ゼ ze ゾ zo ダ da ヂ ji ヅ zu デ de ド do バ ba ビ bi ブ bu ベ be ボ bo パ pa ピ pi プ pu ペ pe ポ po ヴ vu'.split(
    ' ',
  );
const MONOGRAPHS: Record<string, string> = Object.fromEntries(
  KANA_FIELDS.flatMap((x, i) => (i % 2 ? [] : [[x, KANA_FIELDS[i + 1]]])),
);
/** Hiragana sit 0x60 code points below their katakana. */
const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/**
 * Kana in Hepburn romaji without long-vowel marks, as URLs and Japanese frequency lists write it
 * (ダイジョウブ → daijobu, しずか → shizuka); null when the text holds anything else (kanji).
 * Long o and u are written once, ッ doubles the next consonant, ン is n.
 */
export function hepburn(kana: string): string | null {
  const text = toKatakana(kana);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const pair = DIGRAPHS[text.slice(i, i + 2)];
    if (pair) {
      out += pair;
      i++;
      continue;
    }
    const c = text[i];
    if (c === 'ッ') {
      const next = DIGRAPHS[text.slice(i + 1, i + 3)] ?? MONOGRAPHS[text[i + 1]];
      if (!next) return null;
      out += next.startsWith('ch') ? 't' : next[0];
    } else if (c !== 'ー') {
      if (!MONOGRAPHS[c]) return null;
      out += MONOGRAPHS[c];
    }
  }
  return out.replace(/ou/g, 'o').replace(/uu/g, 'u').replace(/oo/g, 'o');
}

/** A Cyrillic letter in ICAO spelling, keeping an initial capital's case (Щука → Shchuka). */
function russianLetter(c: string): string {
  const lower = c.toLowerCase();
  const latin = RUSSIAN[lower] ?? c;
  return c === lower || latin === '' ? latin : latin[0].toUpperCase() + latin.slice(1);
}

/**
 * A word's ASCII spelling in a language, or null when it has none. `latin`, the bundle's Latin
 * spelling of the word (Japanese romaji), is taken as it is when given.
 */
export function asciiSpelling(word: string, language: string | null, latin?: string): string | null {
  if (latin !== undefined) return PLAIN.test(latin) && latin !== '' ? latin : null;
  if (language === 'ja') return hepburn(word);
  if (language === 'ko') return romanizeHangul(word);
  let out = language === 'de' ? word.replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c]) : word;
  if (language === 'ru') out = out.replace(/[а-яё]/giu, russianLetter);
  out = out
    .replace(/[œŒæÆøØđĐłŁı]/g, (c) => LETTERS[c])
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return PLAIN.test(out) ? out : null;
}

/**
 * The ASCII spelling of an agreeing form of a word: with a Latin spelling, the form's added
 * ending spelt after it (静かな of 静か, shizuka → shizukana); otherwise the form's own spelling.
 */
export function asciiFormSpelling(
  form: string,
  word: string,
  language: string | null,
  latin?: string,
): string | null {
  if (latin === undefined) return asciiSpelling(form, language);
  if (!form.startsWith(word)) return null;
  const base = asciiSpelling(word, language, latin);
  const ending = form === word ? '' : asciiSpelling(form.slice(word.length), language);
  return base === null || ending === null ? null : base + ending;
}
