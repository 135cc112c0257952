// Readers for the hand-curated lists in packages/dictionaries/lists/.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'lists');

/** Lines without comments (`# …`) and blank lines. */
export function readLines(file, dataDir = DATA_DIR) {
  return readFileSync(join(dataDir, file), 'utf8')
    .split('\n')
    .map((line) => {
      const hash = line.indexOf('#');
      return (hash >= 0 ? line.slice(0, hash) : line).trim();
    })
    .filter((line) => line.length > 0);
}

/** Whitespace-separated tokens of every line. */
export function readTokens(file, dataDir = DATA_DIR) {
  return readLines(file, dataDir).flatMap((line) => line.split(/\s+/));
}

/**
 * A word list whose entries are `word` (every kind) or `kind:word` (one kind). Returns a matcher
 * `(kind, word) => boolean` and the raw entries.
 */
export function readKindWordList(file, dataDir = DATA_DIR) {
  const entries = readTokens(file, dataDir).map((token) => {
    const colon = token.indexOf(':');
    return colon >= 0
      ? { kind: token.slice(0, colon), word: token.slice(colon + 1) }
      : { kind: null, word: token };
  });
  const any = new Set(entries.filter((e) => e.kind === null).map((e) => e.word));
  const perKind = new Set(entries.filter((e) => e.kind !== null).map((e) => `${e.kind}:${e.word}`));
  return {
    entries,
    has: (kind, word) => any.has(word) || perKind.has(`${kind}:${word}`),
  };
}

/** Avoid pairs: `a b` lines or group lines `a a2 … | b b2 …`. */
export function readAvoidPairs(file = 'avoid-pairs.txt', dataDir = DATA_DIR) {
  const pairs = [];
  for (const line of readLines(file, dataDir)) {
    if (line.includes('|')) {
      const [left, right] = line.split('|').map((side) => side.trim().split(/\s+/));
      for (const a of left) for (const b of right) pairs.push([a, b]);
    } else {
      const [a, b] = line.split(/\s+/);
      pairs.push([a, b]);
    }
  }
  return pairs;
}

/** Emoji lists: the first token of each line is the emoji. */
export function readEmojiList(file, dataDir = DATA_DIR) {
  return new Set(readLines(file, dataDir).map((line) => line.split(/\s+/)[0]));
}
