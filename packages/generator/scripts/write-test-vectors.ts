/**
 * Writes test-vectors.json (generator.md §8) from the current engine and the built-in sample
 * bundle. Run it only when the algorithm version or the sample bundle changes on purpose: the
 * vectors pin G1 (determinism), and the test suite asserts them in Node and in Chromium.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALGORITHM_VERSION, Generator, PatternError, SAMPLE_BUNDLE } from '../src/index.js';

const gen = new Generator(SAMPLE_BUNDLE);

const slugPatterns = [
  '{adjective}-{noun}',
  '{adjective}-{noun}-{number:3d}',
  '{Adjective}{Noun}{number:2x}',
  '{ADVERB}_{VERB}',
  '{aDjEcTiVe}-{noun:+animal}',
  '{noun:+food-plant<=5}.{number:4X}',
  '{number:12d}',
  '{number:18d}',
  '{number:16x}',
  '{number:6R}~{number:3r}',
  '{special}{special:2-4}',
  '{special:12}',
  '{emoji}',
  '{emoji:+face count=2 unique=true}',
  '{emoji:count=1-3}',
  '{emoji:count=6}',
  'id\\{{suffix}\\}',
  '{adjective}-{noun}[<=5]',
  'plain text',
];
const seeds = ['test', 'foobar', '', 'ünïcødé 🌍'];
const starts = ['0', '1000', '123456789'];

const slugs = [];
for (const pattern of slugPatterns) {
  const info = gen.patternInfo(pattern);
  for (const seed of seeds) {
    for (const start of starts) {
      if (BigInt(start) + 5n > BigInt(info.capacity)) continue;
      slugs.push({
        pattern,
        seed,
        sequence: start,
        slugs: gen.forge(pattern, { seed, sequence: start, count: 5 }),
      });
    }
  }
}

const info = slugPatterns.map((pattern) => ({ pattern, info: gen.patternInfo(pattern) }));

const errorPatterns = [
  '{number:0}',
  '{number}',
  '{number:5q}',
  '{number:5,}',
  '{number:5,Hex}',
  '{number:19}',
  '{special:-1-3}',
  '{special:5-3}',
  '{special:13}',
  '{emoji:count=0}',
  '{emoji:count=7}',
  '{emoji:unique=yes}',
  '{emoji:count=2 count=3}',
  '{emoji:foo=1}',
  '{emoji:count 2}',
  '{noun:x=1}',
  '{noun:=3}',
  '{noun:!3}',
  '{noun:+a-a}',
  'a\\q',
  '}',
  '{noun}[@en]x',
  '{noun}[@en]{noun}',
  '[@en]',
  '{noun',
  '{}',
  '{unknown}',
  '{noun:+nosuchtag}',
  '{noun:+animal>30}',
];
const errors = errorPatterns.map((pattern) => {
  try {
    gen.patternInfo(pattern);
    throw new Error(`expected ${pattern} to fail`);
  } catch (e) {
    if (!(e instanceof PatternError)) throw e;
    return { pattern, message: e.message, start: e.start, end: e.end };
  }
});

const file = fileURLToPath(new URL('../test-vectors.json', import.meta.url));
const doc = {
  description:
    'Slugsmith engine test vectors (generator.md §8). bundle = SAMPLE_BUNDLE of @slugsmith/generator.',
  algorithm: ALGORITHM_VERSION,
  bundle: SAMPLE_BUNDLE.id,
  slugs,
  info,
  errors,
};
writeFileSync(file, `${JSON.stringify(doc, null, 1)}\n`);
console.log(
  `wrote ${slugs.length} slug vectors, ${info.length} info vectors, ${errors.length} error vectors`,
);
