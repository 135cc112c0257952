/** Names suggested for a misspelt one, at most. */
const MAX_SUGGESTIONS = 3;

/**
 * Edits that turn `a` into `b`: insertions, deletions, substitutions and swaps of two neighbouring
 * characters (a common typo: `nuon` → `noun` is one edit), compared without case.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  // Three rows of the dynamic programme: the one before the previous is needed for swaps.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  let row = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    row[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        row[j] = Math.min(row[j], before[j - 2] + 1);
      }
    }
    [before, previous, row] = [previous, row, before];
  }
  return previous[t.length];
}

/** How many edits still read as a typo of a word this long rather than another word. */
function tolerance(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/**
 * The names `word` was most likely meant to be, closest first (at most three): those within a
 * typo's distance of it, and those it begins (`adj` → `adjective`). Empty when none is close.
 */
export function closestNames(word: string, names: Iterable<string>): string[] {
  const lower = word.toLowerCase();
  const near: { name: string; distance: number }[] = [];
  for (const name of new Set(names)) {
    if (name.toLowerCase() === lower) continue;
    const distance = editDistance(word, name);
    const begins = lower.length >= 3 && name.toLowerCase().startsWith(lower);
    if (distance <= tolerance(word.length) || begins) near.push({ name, distance });
  }
  near.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return near.slice(0, MAX_SUGGESTIONS).map((n) => n.name);
}
