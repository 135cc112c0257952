#!/usr/bin/env node
// Writes lists/shell.txt, the source of the `shell` dictionary: names of command-line tools from
// Debian (run on a Debian machine after `apt-get update`):
//   - the names of the section 1 (user commands) and 8 (administration commands) manual pages
//     installed under /usr/share/man, each with the Debian section of the package that ships it;
//   - packages of the archive's index (`apt-cache dumpavail`) in the sections of command-line
//     software whose one-line description calls them a command, tool, utility, program, client,
//     shell, manager, compiler, interpreter, editor or server.
// Names and sections are facts about the packages (no text of theirs is kept); the bundle build
// reads only the committed list.
//
//   node scripts/extract-shell.js
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './lib/curated.js';

/** Tool names that make readable words: a lower-case letter, then letters and digits, 2-12 chars. */
export const NAME_RE = /^[a-z][a-z0-9]{1,11}$/;
const SECTIONS = new Set([
  'admin',
  'database',
  'devel',
  'editors',
  'httpd',
  'interpreters',
  'javascript',
  'mail',
  'net',
  'python',
  'shells',
  'text',
  'utils',
  'vcs',
  'web',
]);
const TOOLISH =
  /\b(command|command-line|commandline|tool|tools|utility|utilities|program|client|shell|manager|compiler|interpreter|editor|server)\b/i;
const MAN_DIR = '/usr/share/man';

/** package -> {section, description} from the archive index. */
function readIndex() {
  const text = execFileSync('apt-cache', ['dumpavail'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const packages = new Map();
  for (const stanza of text.split('\n\n')) {
    const field = (name) => new RegExp(`^${name}: (.*)$`, 'm').exec(stanza)?.[1];
    const name = field('Package');
    if (name && !packages.has(name))
      packages.set(name, {
        section: (field('Section') ?? '').split('/').pop(),
        description: field('Description') ?? '',
      });
  }
  return packages;
}

/** Command name -> packages shipping its section 1 or 8 manual page. */
function readManPages() {
  // Alternatives (awk, vi, …) are symbolic links: the package owns the file they point to.
  const files = ['man1', 'man8']
    .flatMap((dir) =>
      readdirSync(join(MAN_DIR, dir)).map((f) => ({
        path: realpathSync(join(MAN_DIR, dir, f)),
        name: f.replace(/\.[18][a-z0-9]*(\.gz)?$/, ''),
      })),
    )
    .filter((f) => NAME_RE.test(f.name));
  const owners = new Map();
  // dpkg -S exits non-zero when some file belongs to no package (written by a maintainer script).
  const { stdout } = spawnSync('dpkg', ['-S', ...new Set(files.map((f) => f.path))], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  for (const line of stdout.split('\n')) {
    const m = /^([^:,]+)[^:]*: (.*)$/.exec(line);
    if (m) owners.set(m[2], m[1]);
  }
  const pages = new Map();
  for (const f of files) {
    const owner = owners.get(f.path);
    if (owner) pages.set(f.name, [...(pages.get(f.name) ?? []), owner]);
  }
  return pages;
}

function main() {
  const index = readIndex();
  /** @type {Map<string, Set<string>>} name -> Debian sections */
  const tools = new Map();
  const add = (name, section) => {
    if (!section) return;
    const set = tools.get(name) ?? new Set();
    set.add(section.replace(/[^a-z0-9]/g, '_'));
    tools.set(name, set);
  };
  // A manual page's tag is the section of the package of the same name where there is one (git,
  // not git-man's `doc`), else that of the package shipping the page.
  for (const [name, owners] of readManPages()) {
    if (index.has(name)) add(name, index.get(name).section);
    else for (const p of owners) add(name, index.get(p)?.section);
  }
  for (const [name, { section, description }] of index)
    if (NAME_RE.test(name) && !name.startsWith('lib') && SECTIONS.has(section) && TOOLISH.test(description))
      add(name, section);
  const lines = [
    '# The `shell` dictionary: names of command-line tools, one per line: `name section section ...`, the',
    '# Debian sections of the packages that ship them (utils, net, admin, devel, vcs, ...).',
    '# From Debian: section 1 and 8 manual page names of installed packages and the archive index',
    '# (apt-cache dumpavail). Names are facts; regenerate with scripts/extract-shell.js.',
    ...[...tools.keys()].sort().map((n) => `${n} ${[...tools.get(n)].sort().join(' ')}`),
  ];
  writeFileSync(join(DATA_DIR, 'shell.txt'), `${lines.join('\n')}\n`);
  console.log(`${tools.size} tool names -> lists/shell.txt`);
}

main();
