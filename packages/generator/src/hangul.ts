/**
 * Korean in ASCII letters by the Revised Romanization of Korean (the South Korean standard of 2000,
 * used on road signs and in passports): 용감한 수달 → yonggamhan sudal, 고양이 → goyangi. A final
 * consonant before a syllable that starts with the silent ㅇ is carried over (작은 → jageun, 좋은 →
 * joeun); the other sound changes between consonants (신라 → silla) are not applied, so a spelling
 * follows the letters. Homophones meet and count once (as in every `ascii=true` spelling).
 */
const FIRST = 0xac00;
const LAST = 0xd7a3;
const MEDIALS = 21;
const FINALS = 28;

/** Initial consonants, in Unicode order (ㅇ is silent). */
const INITIAL = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];
/** Vowels, in Unicode order. */
const MEDIAL = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
/** Final consonants as they sound at the end of a syllable (the first is none). */
const FINAL = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];
/**
 * A final carried over to a following silent ㅇ: what stays and the initial it becomes (index into
 * INITIAL, −1 for none: ㅎ falls silent). Double finals keep their first letter and carry the second.
 */
const CARRIED: Record<number, [string, number]> = {
  1: ['', 0], // ㄱ
  2: ['', 1], // ㄲ
  3: ['k', 9], // ㄳ
  4: ['', 2], // ㄴ
  5: ['n', 12], // ㄵ
  6: ['n', -1], // ㄶ
  7: ['', 3], // ㄷ
  8: ['', 5], // ㄹ
  9: ['l', 0], // ㄺ
  10: ['l', 6], // ㄻ
  11: ['l', 7], // ㄼ
  12: ['l', 9], // ㄽ
  13: ['l', 16], // ㄾ
  14: ['l', 17], // ㄿ
  15: ['l', -1], // ㅀ
  16: ['', 6], // ㅁ
  17: ['', 7], // ㅂ
  18: ['p', 9], // ㅄ
  19: ['', 9], // ㅅ
  20: ['', 10], // ㅆ
  22: ['', 12], // ㅈ
  23: ['', 14], // ㅊ
  24: ['', 15], // ㅋ
  25: ['', 16], // ㅌ
  26: ['', 17], // ㅍ
  27: ['', -1], // ㅎ
};
const SILENT = 11;
const RIEUL_INITIAL = 5;
const RIEUL_FINAL = 8;

/** A word of Hangul syllables in Revised Romanization, or null when it holds anything else. */
export function romanizeHangul(word: string): string | null {
  const syllables: [number, number, number][] = [];
  for (const ch of word) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < FIRST || code > LAST) return null;
    const index = code - FIRST;
    syllables.push([
      Math.floor(index / (MEDIALS * FINALS)),
      Math.floor(index / FINALS) % MEDIALS,
      index % FINALS,
    ]);
  }
  const initials = syllables.map(([initial]) => INITIAL[initial]);
  let out = '';
  for (let i = 0; i < syllables.length; i++) {
    const [, medial, final] = syllables[i];
    const next = syllables[i + 1];
    out += initials[i] + MEDIAL[medial];
    const carried = CARRIED[final];
    if (carried && next?.[0] === SILENT) {
      out += carried[0];
      if (carried[1] >= 0) initials[i + 1] = INITIAL[carried[1]];
    } else if (final === RIEUL_FINAL && next?.[0] === RIEUL_INITIAL) {
      // ㄹㄹ is written ll (달력 → dallyeok).
      out += 'l';
      initials[i + 1] = 'l';
    } else out += FINAL[final];
  }
  return out;
}
