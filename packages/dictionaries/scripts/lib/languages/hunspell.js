// A reader for the Hunspell dictionaries of Debian's hunspell-fr-comprehensive (Dicollecte/
// Grammalecte, MPL-2.0): entries with their morphological fields (`po:nom is:fem`) and the suffix
// rules (`SFX`) that inflect them, enough to list a lemma's forms with their gender and number.
import { readFileSync } from 'node:fs';

/** Splits a flag string by the affix file's FLAG type (`long`: two characters per flag). */
function splitFlags(flags, type) {
  if (type === 'long') return flags.match(/../gu) ?? [];
  if (type === 'num') return flags.split(',');
  return [...flags];
}

export function readAffixes(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  let flagType = 'char';
  /** flag -> rules {strip, add, test, morph} */
  const suffixes = new Map();
  for (const line of lines) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'FLAG') flagType = f[1];
    if (f[0] !== 'SFX' || f.length < 5) continue;
    // The header line: "SFX F. Y 33"
    if (/^\d+$/.test(f[3]) && (f[2] === 'Y' || f[2] === 'N') && f.length === 4) continue;
    const [, flag, strip, addField, condition, ...morph] = f;
    const add = addField.split('/')[0];
    const rules = suffixes.get(flag) ?? [];
    rules.push({
      strip: strip === '0' ? '' : strip,
      add: add === '0' ? '' : add,
      test: condition === '.' ? null : new RegExp(`${condition}$`, 'u'),
      morph: morph.join(' '),
    });
    suffixes.set(flag, rules);
  }
  return { flagType, suffixes };
}

/** Entries of a .dic file: {word, flags[], morph} (the first line is the count, where given). */
export function readEntries(path, flagType) {
  const out = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  for (let i = /^\d+\s*$/.test(lines[0]) ? 1 : 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const [head, ...morph] = line.split(/\s+/);
    const slash = head.indexOf('/');
    const word = (slash >= 0 ? head.slice(0, slash) : head).normalize('NFC');
    const flags = slash >= 0 ? splitFlags(head.slice(slash + 1), flagType) : [];
    out.push({ word, flags, morph: morph.join(' ') });
  }
  return out;
}

/** The forms an entry's suffix rules give, each with the rule's morphological fields. */
export function formsOf(entry, suffixes) {
  const forms = [];
  for (const flag of entry.flags) {
    for (const r of suffixes.get(flag) ?? []) {
      if (r.test && !r.test.test(entry.word)) continue;
      if (r.strip && !entry.word.endsWith(r.strip)) continue;
      forms.push({ form: entry.word.slice(0, entry.word.length - r.strip.length) + r.add, morph: r.morph });
    }
  }
  return forms;
}
