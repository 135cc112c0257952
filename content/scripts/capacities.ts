// Fills the `capacity` field of every pattern in pattern-examples/<lang>.yaml from the engine and
// the current dictionary bundle, so capacities are computed, never typed.
//   npm run capacities -w @slugsmith/content            rewrite the files where needed
//   npm run capacities -w @slugsmith/content -- --check  only report; exit 1 when a file is stale
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle } from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';
import { isMap, isSeq, parseDocument } from 'yaml';
import { contentDir } from '../src/index.js';

const check = process.argv.includes('--check');
const gen = new Generator(loadBundle());
const dir = join(contentDir, 'pattern-examples');
let stale = 0;

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const doc = parseDocument(before);
  if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]?.message}`);
  const root = doc.contents;
  if (!isSeq(root)) throw new Error(`${file}: expected a list of categories`);
  let changed = 0;
  for (const category of root.items) {
    if (!isMap(category)) throw new Error(`${file}: a category is not a mapping`);
    const patterns = category.get('patterns', true);
    if (!isSeq(patterns)) throw new Error(`${file}: category without a patterns list`);
    for (const entry of patterns.items) {
      if (!isMap(entry)) throw new Error(`${file}: a pattern entry is not a mapping`);
      const pattern = entry.get('pattern');
      if (typeof pattern !== 'string') throw new Error(`${file}: pattern entry without a pattern`);
      const capacity = gen.patternInfo(pattern).capacity;
      if (entry.get('capacity') !== capacity) {
        entry.set('capacity', capacity);
        changed++;
      }
    }
  }
  if (changed === 0) continue;
  stale++;
  if (check) {
    console.log(`${file}: ${changed} capacities differ from the engine`);
  } else {
    writeFileSync(path, doc.toString({ lineWidth: 0 }));
    console.log(`${file}: ${changed} capacities updated`);
  }
}
console.log(
  `bundle ${gen.bundleId}: ${stale === 0 ? 'all capacities current' : `${stale} file(s) ${check ? 'stale' : 'updated'}`}`,
);
if (check && stale > 0) process.exitCode = 1;
