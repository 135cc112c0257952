// Reads Apertium's compiled Spanish/Russian transducers (Debian apertium-* packages, GPL) through
// lttoolbox's lt-proc: the analyses of a list of words, and the forms a generator gives for
// lemma-and-tag requests. The callers check the transducers' hashes (checkHashes of common.js), so
// another package version cannot silently give another bundle.
import { execFileSync } from 'node:child_process';

const run = (args, input) =>
  execFileSync('lt-proc', args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/**
 * word -> its analyses, each {lemma, tags[]} (`gato<n><m><sg>` → {lemma: 'gato', tags: ['n', 'm',
 * 'sg']}); a word the analyser does not know has none.
 */
export function analyse(analyser, words) {
  const out = new Map();
  const text = run([analyser], `${words.join('\n')}\n`);
  for (const [, surface, rest] of text.matchAll(/\^([^/$]*)\/([^$]*)\$/gu)) {
    const analyses = rest.startsWith('*')
      ? []
      : rest.split('/').map((a) => ({
          lemma: a.replace(/<.*$/u, ''),
          tags: [...a.matchAll(/<([^>]+)>/gu)].map((m) => m[1]),
        }));
    out.set(surface.normalize('NFC'), analyses);
  }
  return out;
}

/** The generator's form for each `lemma<tag>…` request, or null where it has none or several. */
export function generate(generator, requests) {
  const text = run(['-g', generator], `${requests.map((r) => `^${r}$`).join('\n')}\n`);
  const lines = text.split('\n');
  return requests.map((_, i) => {
    const form = (lines[i] ?? '').trim();
    return !form || /[#*@/]/u.test(form) ? null : form.normalize('NFC');
  });
}
