// Issue 24's audit: 200,000 default slugs of the two common patterns (seed `audit`) hold no word of
// a sensitive or negative class and no profanity-list word. The classes are checked against the
// sources themselves (VADER, the reviewed topic lists, the profanity lists), not only the bundle's
// tags, so a word the build failed to tag is caught too.
import { Generator } from '@slugsmith/generator';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSafety, optInTagsOf, type Safety } from '../scripts/lib/build.js';
import { readLines } from '../scripts/lib/curated.js';
import { NEGATIVE_VALENCE, readVader } from '../scripts/lib/sentiment.js';
import { type DictionaryBundle, loadBundle } from '../src/index.js';
import { WORD_KINDS } from './helpers.js';

type Kind = (typeof WORD_KINDS)[number];

let bundle: DictionaryBundle;
let safety: Safety;
/** kind -> words that must never appear by default, with the class that rules each out. */
const ruledOut = new Map<Kind, Map<string, string>>();

function rule(kind: Kind, word: string, why: string) {
  const map = ruledOut.get(kind) ?? new Map<string, string>();
  if (!map.has(word)) map.set(word, why);
  ruledOut.set(kind, map);
}

/** `tag word kind:word …` lines of a reviewed list, for every kind a token applies to. */
function reviewed(file: string, onlyTag?: string) {
  for (const line of readLines(file)) {
    const [tag, ...tokens] = line.split(/\s+/);
    if (onlyTag && tag !== onlyTag) continue;
    for (const token of tokens) {
      const [kind, word] = token.includes(':') ? token.split(':') : [null, token];
      for (const k of WORD_KINDS) if (kind === null || kind === k) rule(k, word, `${file} ${tag}`);
    }
  }
}

beforeAll(async () => {
  bundle = loadBundle();
  safety = await loadSafety();
  const vader = readVader();
  const overridden = new Set(readLines('sentiment.txt').flatMap((l) => l.split(/\s+/).slice(1)));
  for (const kind of WORD_KINDS) {
    const optIn = optInTagsOf(kind);
    for (const { word, tags } of bundle.dictionaries.find((d) => d.kind === kind)!.words) {
      for (const t of tags) if (optIn.includes(t)) rule(kind, word, `tag ${t}`);
      if (safety.profane.has(word)) rule(kind, word, 'profanity list');
      const v = vader.get(word);
      if (v !== undefined && v <= NEGATIVE_VALENCE && !overridden.has(`${kind}:${word}`))
        rule(kind, word, `VADER ${v}`);
    }
  }
  reviewed('topics.txt');
  // The words of the issue, whatever the sources say about them.
  for (const w of ['racist', 'sexist', 'cancer', 'bomb', 'deviant']) rule('noun', w, 'issue 24');
  for (const w of ['deviant', 'brainwashed', 'antisocial', 'racist']) rule('adjective', w, 'issue 24');
});

function audit(pattern: string, kinds: Kind[]) {
  const generator = new Generator(bundle);
  const slugs = generator.forge(pattern, { seed: 'audit', sequence: 0, count: 200_000 });
  const found: string[] = [];
  for (const slug of slugs) {
    const words = slug.split('-');
    kinds.forEach((kind, i) => {
      const why = ruledOut.get(kind)?.get(words[i]);
      if (why) found.push(`${slug}: ${kind} ${words[i]} (${why})`);
    });
  }
  return found;
}

describe('default output of the current bundle (issue 24)', () => {
  it('the classes are not empty', () => {
    expect(ruledOut.get('noun')!.size).toBeGreaterThan(2000);
    expect(ruledOut.get('adjective')!.size).toBeGreaterThan(1500);
  });

  it('200,000 slugs of {adjective}-{noun} hold no sensitive, negative or profanity-list word', () => {
    expect(audit('{adjective}-{noun}', ['adjective', 'noun']).slice(0, 20)).toEqual([]);
  });

  it('200,000 slugs of {adjective}-{noun}-{verb}-{adverb} hold none either', () => {
    const found = audit('{adjective}-{noun}-{verb}-{adverb}', ['adjective', 'noun', 'verb', 'adverb']);
    expect(found.slice(0, 20)).toEqual([]);
  });

  it('{adjective}-{noun} keeps a capacity above 25,000,000', () => {
    const capacity = BigInt(new Generator(bundle).patternInfo('{adjective}-{noun}').capacity);
    expect(capacity).toBeGreaterThan(25_000_000n);
  });
});
