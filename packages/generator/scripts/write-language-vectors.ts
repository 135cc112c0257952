/**
 * Writes test-vectors-languages.json: slugs, pattern info and errors of patterns in other
 * languages (agreement of adjectives with nouns, Chinese), over the built-in sample bundle and the
 * sample language bundles, which the file carries so a port can load them. Run it only when the
 * algorithm, the agreement rules or the sample bundles change on purpose.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ALGORITHM_VERSION,
  Generator,
  PatternError,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
} from '../src/index.js';

const gen = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });

const patterns = [
  '{adjective@de}-{noun@de}',
  '{adjective@de}-{adjective@de}-{noun@de}-{number:2d}',
  '{Adjective@de}{Noun@de}',
  '{ADJECTIVE@de}_{NOUN@de}',
  '{aDjEcTiVe@de}-{noun@de}',
  '{noun@de}-{adjective@de}-{noun@de}',
  '{adjective}-{noun}[@de]',
  '{adjective@de}',
  '{noun@fr}-{adjective@fr}',
  '{adjective@fr}-{noun@fr}-{noun}',
  '{noun@fr}-{adjective@fr}-{noun@fr}',
  '{adjective@zh}的{noun@zh}',
  '{adjective@de}-{noun@fr}-{adjective@fr}-{noun}',
  '{adjective@ko}-{noun@ko}',
  '{noun@ko}-{adjective@ko}',
  '{adjective@ko:ascii=true}-{noun@ko:ascii=true}',
];
const seeds = ['test', 'ünïcødé 🌍'];

const slugs = [];
for (const pattern of patterns) {
  const capacity = BigInt(gen.patternInfo(pattern).capacity);
  for (const seed of seeds) {
    for (const start of ['0', '7']) {
      const count = capacity - BigInt(start) >= 5n ? 5 : Number(capacity - BigInt(start));
      if (count <= 0) continue;
      slugs.push({
        pattern,
        seed,
        sequence: start,
        slugs: gen.forge(pattern, { seed, sequence: start, count }),
      });
    }
  }
}
const info = patterns.map((pattern) => ({ pattern, info: gen.patternInfo(pattern) }));
const errors = ['{noun@es}', '{adjective@fr:+feminine}', '{noun@de:+plural}'].map((pattern) => {
  try {
    gen.patternInfo(pattern);
    throw new Error(`expected ${pattern} to fail`);
  } catch (e) {
    if (!(e instanceof PatternError)) throw e;
    return { pattern, message: e.message, start: e.start, end: e.end };
  }
});

const file = fileURLToPath(new URL('../test-vectors-languages.json', import.meta.url));
const doc = {
  description:
    'Slugsmith engine test vectors for other languages (agreement, generator README "Other languages and agreement"). bundle = SAMPLE_BUNDLE, languages = the bundles below (SAMPLE_LANGUAGE_BUNDLES of @slugsmith/generator).',
  algorithm: ALGORITHM_VERSION,
  bundle: SAMPLE_BUNDLE.id,
  languages: SAMPLE_LANGUAGE_BUNDLES,
  slugs,
  info,
  errors,
};
writeFileSync(file, `${JSON.stringify(doc, null, 1)}\n`);
console.log(
  `wrote ${slugs.length} slug vectors, ${info.length} info vectors, ${errors.length} error vectors`,
);
