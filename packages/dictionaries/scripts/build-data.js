#!/usr/bin/env node
// Builds the dictionary bundle from the npm data packages and lists/*.txt.
//
//   node scripts/build-data.js            build, write bundles/<id>.json, make it current
//   node scripts/build-data.js --check    build and compare with the shipped current bundle
//   node scripts/build-data.js --out DIR  write into another bundle directory
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle } from './lib/build.js';
import { serializeBundle } from './lib/canonical.js';
import { readIndex, writeBundle } from './lib/store.js';

const BUNDLES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'bundles');

function summary(bundle) {
  return bundle.dictionaries.map((d) => `${d.kind}=${d.words.length}`).join(' ');
}

async function main(argv) {
  const check = argv.includes('--check');
  const outAt = argv.indexOf('--out');
  const dir = outAt >= 0 ? argv[outAt + 1] : BUNDLES_DIR;
  const started = performance.now();
  const bundle = await buildBundle();
  const ms = Math.round(performance.now() - started);
  if (check) {
    const index = readIndex(dir);
    const shipped = index.current ? readFileSync(join(dir, `${index.current}.json`), 'utf8') : '';
    if (shipped !== serializeBundle(bundle)) {
      console.error(
        `bundle drift: a fresh build gives ${bundle.id}, the shipped current bundle is ${index.current}`,
      );
      process.exitCode = 1;
      return;
    }
    console.log(`ok: ${bundle.id} matches a fresh build (${summary(bundle)}, ${ms} ms)`);
    return;
  }
  const { path } = writeBundle(dir, bundle);
  console.log(`${bundle.id} -> ${path} (${summary(bundle)}, built in ${ms} ms)`);
}

await main(process.argv.slice(2));
