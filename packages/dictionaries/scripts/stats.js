#!/usr/bin/env node
// Prints counts per kind and the most used tags of a bundle (the current one by default) as
// Markdown, for the README and release notes: node scripts/stats.js [bundle-id]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'bundles');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const id = process.argv[2] ?? index.current;
const bundle = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'));
const TOP = 12;

console.log(`Bundle \`${bundle.id}\`\n`);
console.log('| kind | language | words | opt-in words | top tags |');
console.log('|---|---|---|---|---|');
for (const d of bundle.dictionaries) {
  const optIn = new Set(bundle.tags.filter((t) => t.kind === d.kind && t.opt_in).map((t) => t.tag));
  const counts = new Map();
  for (const w of d.words) for (const t of w.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  const top = [...counts]
    .filter(([t]) => !optIn.has(t))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  const opt = [...optIn].map((t) => `${t} ${counts.get(t) ?? 0}`).join(', ') || '—';
  console.log(`| ${d.kind} | ${d.language ?? '—'} | ${d.words.length} | ${opt} | ${top} |`);
}
console.log(`\n${bundle.tags.length} tags in all; ${bundle.avoid_pairs?.length ?? 0} avoid pairs.`);
