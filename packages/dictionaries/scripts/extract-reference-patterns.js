#!/usr/bin/env node
// Extracts the patterns of the reference SlugKit Python SDK's documents (src/slugkit/data/*.md in
// slugkit/slugkit-py-sdk, MIT) into test/fixtures/slugkit-reference-patterns.json: the patterns only,
// not the prose. A pattern is a quoted string holding a placeholder, or a code line that starts with
// one, on the left of an example's arrow (the right side is the documented output).
//
//   node scripts/extract-reference-patterns.js <dir with the .md files> <commit>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'slugkit-reference-patterns.json',
);

/** The patterns of one markdown document, in order of appearance, each once. */
export function patternsOf(markdown) {
  const found = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      inCode = !inCode;
      continue;
    }
    if (!inCode) continue;
    const left = line.split('→')[0];
    for (const m of left.matchAll(/"((?:[^"\\]|\\.)*)"/g)) if (m[1].includes('{')) found.push(m[1]);
    const bare = /^\s*(\{\S*)/.exec(left);
    if (bare && !left.trimStart().startsWith('"')) found.push(bare[1]);
  }
  return [...new Set(found)];
}

function main([dir, commit]) {
  if (!dir || !commit) throw new Error('usage: extract-reference-patterns.js <dir> <commit>');
  const documents = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => ({ file, patterns: patternsOf(readFileSync(join(dir, file), 'utf8')) }));
  const fixture = {
    source: `https://github.com/slugkit/slugkit-py-sdk/tree/${commit}/src/slugkit/data`,
    licence:
      'MIT License. Copyright (c) 2025 Sergei Fedorov. Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions: The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.',
    documents,
  };
  writeFileSync(OUT, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`${documents.reduce((n, d) => n + d.patterns.length, 0)} patterns -> ${OUT}`);
}

main(process.argv.slice(2));
