// Sentiment and familiarity sources, read the same way by the build and the tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** VADER means at or below this are negative, at or above {@link POSITIVE_VALENCE} positive. */
export const NEGATIVE_VALENCE = -0.5;
export const POSITIVE_VALENCE = 1;

/**
 * word -> mean valence (-4 … +4) of the VADER lexicon (vaderSentiment, MIT; shipped in the
 * `vader-sentiment` port, Apache-2.0). Only lower-case a-z entries (the rest are emoticons).
 */
export function readVader() {
  const text = readFileSync(join(packageDir('vader-sentiment'), 'vader_lexicon.txt'), 'utf8');
  const valence = new Map();
  for (const line of text.split('\n')) {
    const [word, mean] = line.split('\t');
    if (/^[a-z]+$/.test(word ?? '')) valence.set(word, Number.parseFloat(mean));
  }
  return valence;
}

/**
 * word -> rank (0 = most frequent) in `popular-english-words` (ISC): word frequencies counted over
 * English Wikipedia. The package holds a single JS array; it is read as data, never executed.
 */
export function readFrequencyRanks() {
  const text = readFileSync(join(packageDir('popular-english-words'), 'words.js'), 'utf8');
  const start = text.indexOf('[');
  const end = text.indexOf(']', start);
  const words = JSON.parse(text.slice(start, end + 1).replace(/'/g, '"'));
  const ranks = new Map();
  words.forEach((w, i) => {
    if (!ranks.has(w)) ranks.set(w, i);
  });
  return ranks;
}
