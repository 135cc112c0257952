#!/usr/bin/env node
// Prints the size of the current bundle on disk and how long loading it takes (a measurement, not a
// test). Each load runs in a fresh Node process so that nothing is cached:
//   - import: importing the package entry point (reads bundles/index.json);
//   - load:   loadBundle() of the current bundle (read + JSON.parse);
//   - index:  building the engine's indexes (`new Generator(bundle)`), if the engine is available.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 5);
const LIMIT_BYTES = 3 * 1024 * 1024;
const LIMIT_MS = 300;

// The probe runs the built package (dist/) when present, else the TypeScript source is not loadable
// by plain Node, so the bundle is read the same way the loader does.
const probe = `
const t0 = performance.now();
const mod = await import(${JSON.stringify(join(packageDir, 'dist', 'index.js'))}).catch(() => null);
const t1 = performance.now();
let bundle;
if (mod) bundle = mod.loadBundle();
else {
  const { readFileSync } = await import('node:fs');
  const dir = ${JSON.stringify(join(packageDir, 'bundles'))};
  const index = JSON.parse(readFileSync(dir + '/index.json', 'utf8'));
  bundle = JSON.parse(readFileSync(dir + '/' + index.current + '.json', 'utf8'));
}
const t2 = performance.now();
let indexMs = null;
try {
  const { Generator } = await import('@slugsmith/generator');
  const t3 = performance.now();
  new Generator(bundle);
  indexMs = performance.now() - t3;
} catch {}
console.log(JSON.stringify({ id: bundle.id, dist: !!mod, importMs: t1 - t0, loadMs: t2 - t1, indexMs }));
`;

const samples = [];
for (let i = 0; i < RUNS; i++) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  samples.push(JSON.parse(out.trim().split('\n').at(-1)));
}
const { id, dist } = samples[0];
const bytes = statSync(join(packageDir, 'bundles', `${id}.json`)).size;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const fmt = (ms) => (ms === null || ms === undefined ? 'n/a' : `${ms.toFixed(1)} ms`);
const loadMs = median(samples.map((s) => s.importMs + s.loadMs));
const indexMs = samples[0].indexMs === null ? null : median(samples.map((s) => s.indexMs));

console.log(`bundle        ${id}`);
console.log(
  `size on disk  ${bytes} bytes (${(bytes / 1024 / 1024).toFixed(2)} MiB; limit 3 MiB: ${bytes < LIMIT_BYTES ? 'ok' : 'OVER'})`,
);
console.log(
  `loader        ${dist ? 'dist/index.js' : 'plain read (run `npm run build` for the real loader)'}`,
);
console.log(
  `load          median ${fmt(loadMs)} over ${RUNS} fresh processes (import + loadBundle; limit ${LIMIT_MS} ms: ${loadMs < LIMIT_MS ? 'ok' : 'OVER'})`,
);
console.log(
  `  min/max     ${fmt(Math.min(...samples.map((s) => s.importMs + s.loadMs)))} / ${fmt(Math.max(...samples.map((s) => s.importMs + s.loadMs)))}`,
);
console.log(`engine index  median ${fmt(indexMs)} (new Generator(bundle), for reference)`);
