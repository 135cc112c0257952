// Reads the content tree so the server can seed its document store from it (and the tests can
// check it). Plain JavaScript on purpose: importable from Node without a build step.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

/** Absolute path of the content directory. */
export const contentDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** Languages documents are written in; English is complete, the rest fall back to it. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ru', 'sr-Cyrl', 'sr-Latn', 'zh', 'ja', 'ko'];
export const DEFAULT_LANGUAGE = 'en';

/** Markdown collections: `<collection>/<slug>/<lang>.md`. */
export const COLLECTIONS = ['docs', 'articles', 'legal', 'landing'];

/** YAML documents fetched by name: `<name>/<lang>.yaml`. */
export const DATA_DOCUMENTS = ['pattern-examples', 'feature-hints'];

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Splits a markdown file into its YAML front matter and body.
 * @param {string} text
 * @returns {{ data: Record<string, unknown>, body: string }}
 */
export function splitFrontMatter(text) {
  const m = FRONT_MATTER.exec(text);
  if (!m) throw new Error('missing front matter (a leading --- block)');
  const data = parseYaml(m[1]);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error('front matter is not a mapping');
  }
  return { data, body: text.slice(m[0].length) };
}

function dirs(path) {
  return readdirSync(path)
    .filter((name) => statSync(join(path, name)).isDirectory())
    .sort();
}

/**
 * Every markdown document of every collection and language.
 * @returns {Array<{collection: string, slug: string, lang: string, path: string, title: string,
 *   tags: string[], order: number, body: string, text: string}>}
 */
export function listDocuments() {
  const out = [];
  for (const collection of COLLECTIONS) {
    const base = join(contentDir, collection);
    for (const slug of dirs(base)) {
      for (const file of readdirSync(join(base, slug)).sort()) {
        if (!file.endsWith('.md')) continue;
        const path = join(base, slug, file);
        const text = readFileSync(path, 'utf8');
        const { data, body } = splitFrontMatter(text);
        out.push({
          collection,
          slug,
          lang: file.slice(0, -3),
          path,
          title: /** @type {string} */ (data.title),
          tags: /** @type {string[]} */ (data.tags),
          order: /** @type {number} */ (data.order),
          body,
          text,
        });
      }
    }
  }
  return out;
}

/**
 * Every YAML document (pattern examples, feature hints) in every language, as text and parsed.
 * @returns {Array<{name: string, lang: string, path: string, text: string, data: unknown}>}
 */
export function listDataDocuments() {
  const out = [];
  for (const name of DATA_DOCUMENTS) {
    const base = join(contentDir, name);
    for (const file of readdirSync(base).sort()) {
      if (!file.endsWith('.yaml')) continue;
      const path = join(base, file);
      const text = readFileSync(path, 'utf8');
      out.push({ name, lang: file.slice(0, -5), path, text, data: parseYaml(text) });
    }
  }
  return out;
}
