#!/usr/bin/env node
// Builds one language's dictionary bundle into bundles/languages/<lang>/ (its own versioned,
// content-addressed files and index, under the licence of its data; see the README,
// "Dictionaries in other languages").
//
//   node scripts/build-language.js de            build, write the bundle, make it current
//   node scripts/build-language.js de --check    build and compare with the shipped current one
//   node scripts/build-language.js de --out DIR  write into another directory
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seal, serializeBundle } from './lib/canonical.js';
import { LANGUAGE_BUILDS } from './lib/languages/index.js';
import { readIndex, writeBundle } from './lib/store.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main(argv) {
  const outAt = argv.indexOf('--out');
  const language = argv.find((a, i) => !a.startsWith('--') && !(outAt >= 0 && i === outAt + 1));
  const spec = LANGUAGE_BUILDS[language];
  if (!spec) {
    console.error(
      `usage: build-language.js <${Object.keys(LANGUAGE_BUILDS).join('|')}> [--check] [--out DIR]`,
    );
    process.exitCode = 2;
    return;
  }
  const dir = outAt >= 0 ? argv[outAt + 1] : join(ROOT, 'bundles', 'languages', language);
  const version = readFileSync(join(ROOT, 'lists', language, 'version.txt'), 'utf8').trim();
  const started = performance.now();
  const content = await spec.build();
  const bundle = seal({ ...content, language, license: spec.license, sources: spec.sources }, version);
  const ms = Math.round(performance.now() - started);
  const summary = bundle.dictionaries.map((d) => `${d.kind}=${d.words.length}`).join(' ');
  if (argv.includes('--check')) {
    const index = readIndex(dir);
    const shipped = index.current ? readFileSync(join(dir, `${index.current}.json`), 'utf8') : '';
    if (shipped !== serializeBundle(bundle)) {
      console.error(
        `bundle drift: a fresh build gives ${bundle.id}, the shipped current is ${index.current}`,
      );
      process.exitCode = 1;
      return;
    }
    console.log(`ok: ${bundle.id} matches a fresh build (${summary}, ${ms} ms)`);
    return;
  }
  const { path } = writeBundle(dir, bundle);
  console.log(`${bundle.id} -> ${path} (${summary}, built in ${ms} ms)`);
}

await main(process.argv.slice(2));
