// Canonical serialisation, content hash and on-disk layout of a dictionary bundle.
import { createHash } from 'node:crypto';

/**
 * The content of a bundle in canonical form: fixed key order, every array in its contract order.
 * Everything except `id`, `version` and `hash` is hashed.
 */
export function canonicalContent(bundle) {
  return {
    dictionaries: bundle.dictionaries.map((d) => ({
      kind: d.kind,
      language: d.language,
      words: d.words.map(canonicalWord),
    })),
    tags: bundle.tags.map((t) => ({
      kind: t.kind,
      tag: t.tag,
      description: t.description,
      opt_in: t.opt_in,
    })),
    avoid_pairs: (bundle.avoid_pairs ?? []).map(([a, b]) => [a, b]),
    // A language bundle names its language and the licence its data stays under (the English
    // bundle has neither, so its serialisation and hash are as before).
    ...(bundle.language
      ? { language: bundle.language, license: bundle.license, sources: [...bundle.sources] }
      : {}),
  };
}

/**
 * A word with its tags and, where given, its forms by gender (keys sorted) and its Latin spelling
 * (a word without them canonicalises as before, so no earlier bundle's hash changes).
 */
function canonicalWord(w) {
  const out = { word: w.word, tags: [...w.tags] };
  if (w.forms)
    out.forms = Object.fromEntries(
      Object.keys(w.forms)
        .sort()
        .map((k) => [k, w.forms[k]]),
    );
  if (w.latin !== undefined) out.latin = w.latin;
  return out;
}

/** The exact string that is hashed: compact JSON of {@link canonicalContent}. */
export function canonicalString(bundle) {
  return JSON.stringify(canonicalContent(bundle));
}

export function contentHash(bundle) {
  return createHash('sha256').update(canonicalString(bundle), 'utf8').digest('hex');
}

export function bundleId(version, hash) {
  return `${version}-${hash.slice(0, 8)}`;
}

/** Adds `id`, `version` and `hash` to bundle content. */
export function seal(content, version) {
  const canonical = canonicalContent(content);
  const hash = contentHash(canonical);
  return { id: bundleId(version, hash), version, hash, ...canonical };
}

/**
 * The bundle file text: valid JSON equal to the bundle, one word / tag / pair per line so that a
 * new bundle can be reviewed with an ordinary diff against the previous one.
 */
export function serializeBundle(bundle) {
  const c = canonicalContent(bundle);
  const lines = ['{'];
  lines.push(`"id":${JSON.stringify(bundle.id)},`);
  lines.push(`"version":${JSON.stringify(bundle.version)},`);
  lines.push(`"hash":${JSON.stringify(bundle.hash)},`);
  if (c.language) {
    lines.push(`"language":${JSON.stringify(c.language)},`);
    lines.push(`"license":${JSON.stringify(c.license)},`);
    lines.push(`"sources":${JSON.stringify(c.sources)},`);
  }
  lines.push('"dictionaries":[');
  c.dictionaries.forEach((d, i) => {
    lines.push(`{"kind":${JSON.stringify(d.kind)},"language":${JSON.stringify(d.language)},"words":[`);
    d.words.forEach((w, j) => {
      lines.push(`${JSON.stringify(w)}${j < d.words.length - 1 ? ',' : ''}`);
    });
    lines.push(`]}${i < c.dictionaries.length - 1 ? ',' : ''}`);
  });
  lines.push('],');
  lines.push('"tags":[');
  c.tags.forEach((t, i) => {
    lines.push(`${JSON.stringify(t)}${i < c.tags.length - 1 ? ',' : ''}`);
  });
  lines.push('],');
  lines.push('"avoid_pairs":[');
  c.avoid_pairs.forEach((p, i) => {
    lines.push(`${JSON.stringify(p)}${i < c.avoid_pairs.length - 1 ? ',' : ''}`);
  });
  lines.push(']');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** Compares two semantic versions `a.b.c`; returns <0, 0, >0. */
export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) return pa[i] - pb[i];
  }
  return 0;
}
