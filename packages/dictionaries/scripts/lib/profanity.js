// The profanity sources, read the same way by the build and by the tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** cuss ratings at or above this are treated as profane (2 = "likely profane"). */
export const CUSS_MIN_RATING = 2;

/**
 * Lower-case single words (a-z only) listed as profane by the sources: every LDNOOBW English entry
 * (`naughty-words`, CC-BY-4.0) and every `cuss` entry rated {@link CUSS_MIN_RATING} (MIT).
 */
export async function profaneWords() {
  const ldnoobwPath = join(dirname(require.resolve('naughty-words/package.json')), 'en.json');
  const ldnoobw = JSON.parse(readFileSync(ldnoobwPath, 'utf8'));
  const { cuss } = await import('cuss');
  const words = new Set();
  for (const w of ldnoobw) if (/^[a-z]+$/.test(w)) words.add(w);
  for (const [w, rating] of Object.entries(cuss))
    if (rating >= CUSS_MIN_RATING && /^[a-z]+$/.test(w)) words.add(w);
  return words;
}
