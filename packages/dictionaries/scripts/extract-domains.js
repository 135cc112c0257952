#!/usr/bin/env node
// Writes lists/domains.txt, the source of the `domain` dictionary, from the Public Suffix List
// (Mozilla, MPL-2.0; Debian package `publicsuffix`, whose ICANN section holds every top-level domain
// of the IANA root zone). The derived list stays under the MPL-2.0 (its header says so); the bundle
// build reads only the committed list, so builds do not depend on the machine's copy.
//
//   node scripts/extract-domains.js [path to public_suffix_list.dat]
//
// Each domain label becomes a word: `tld` for a top-level domain, `sld` for a label right below
// one (co of co.uk, herokuapp of herokuapp.com), `sub` for a label further down; and the tag of its
// top-level domain (com, uk, jp, …) where that domain has labels below it or is one the reference
// service names (tech has none).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './lib/curated.js';

const DEFAULT_SOURCE = '/usr/share/publicsuffix/public_suffix_list.dat';
/** Labels that make readable words: a-z and digits with at least one letter, 2 to 15 characters. */
export const LABEL_RE = /^(?=[a-z0-9]*[a-z])[a-z0-9]{2,15}$/;
const LEVEL_TAGS = ['tld', 'sld', 'sub'];
/** Top-level domains the reference service's documents name as tags. */
const NAMED_TLDS = [
  'com',
  'org',
  'net',
  'io',
  'dev',
  'app',
  'cloud',
  'tech',
  'us',
  'uk',
  'de',
  'jp',
  'au',
  'ca',
  'fr',
];

/** The rules of the list as label arrays, top-level domain first (wildcards and exceptions dropped). */
function readRules(text) {
  const rules = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) continue;
    rules.push(
      line
        .replace(/^[*!]\./, '')
        .replace(/^!/, '')
        .split('.')
        .reverse(),
    );
  }
  return rules;
}

function main([source = DEFAULT_SOURCE]) {
  const text = readFileSync(source, 'utf8');
  const rules = readRules(text);
  const tagged = new Set([...rules.filter((r) => r.length > 1).map((r) => r[0]), ...NAMED_TLDS]);
  /** @type {Map<string, Set<string>>} */
  const words = new Map();
  for (const labels of rules) {
    labels.forEach((label, depth) => {
      if (!LABEL_RE.test(label)) return;
      const tags = words.get(label) ?? new Set();
      tags.add(LEVEL_TAGS[Math.min(depth, 2)]);
      if (tagged.has(labels[0]) && LABEL_RE.test(labels[0])) tags.add(labels[0]);
      words.set(label, tags);
    });
  }
  const sha = createHash('sha256').update(text).digest('hex');
  const lines = [
    '# The `domain` dictionary: labels of the Public Suffix List (https://publicsuffix.org), one per line:',
    '# `label tag tag ...`. Tags: tld (a top-level domain), sld (right below one), sub (further down),',
    '# and the top-level domain the label belongs to (com, uk, jp, …).',
    '# Derived from the Public Suffix List (Debian package publicsuffix), which is',
    '# subject to the terms of the Mozilla Public License, v. 2.0. If a copy of the MPL was not distributed',
    '# with this file, You can obtain one at https://mozilla.org/MPL/2.0/. This list is under the same licence.',
    `# Source SHA-256 ${sha}; regenerate with scripts/extract-domains.js.`,
    ...[...words.keys()].sort().map((w) => `${w} ${[...words.get(w)].sort().join(' ')}`),
  ];
  writeFileSync(join(DATA_DIR, 'domains.txt'), `${lines.join('\n')}\n`);
  console.log(`${words.size} domain labels -> lists/domains.txt`);
}

main(process.argv.slice(2));
