// Writing bundles into a bundle directory (`<id>.json` files plus `index.json`).
// Bundles are immutable: a file that exists is never rewritten with different content, and a
// version number is never reused for different content.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareVersions, serializeBundle } from './canonical.js';

export function readIndex(dir) {
  const file = join(dir, 'index.json');
  if (!existsSync(file)) return { current: null, bundles: [] };
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function serializeIndex(index) {
  const bundles = [...index.bundles].sort((a, b) => compareVersions(a.version, b.version));
  const lines = bundles.map((b, i) => `    ${JSON.stringify(b)}${i < bundles.length - 1 ? ',' : ''}`);
  return `{\n  "current": ${JSON.stringify(index.current)},\n  "bundles": [\n${lines.join('\n')}\n  ]\n}\n`;
}

/**
 * Adds a sealed bundle to the directory and makes it current. Throws when the version already
 * names different content, or when an existing file for the id differs (which would mean a
 * changed serialisation — never allowed for a shipped bundle).
 */
export function writeBundle(dir, bundle, { makeCurrent = true } = {}) {
  mkdirSync(dir, { recursive: true });
  const index = readIndex(dir);
  const clash = index.bundles.find((b) => b.version === bundle.version && b.id !== bundle.id);
  if (clash) {
    throw new Error(
      `version ${bundle.version} is already bundle ${clash.id}; the content changed, so raise lists/version.txt`,
    );
  }
  const file = `${bundle.id}.json`;
  const path = join(dir, file);
  const text = serializeBundle(bundle);
  if (existsSync(path)) {
    if (readFileSync(path, 'utf8') !== text) throw new Error(`${file} exists with different content`);
  } else {
    writeFileSync(path, text);
  }
  if (!index.bundles.some((b) => b.id === bundle.id)) {
    index.bundles.push({ id: bundle.id, version: bundle.version, hash: bundle.hash, file });
  }
  if (makeCurrent) index.current = bundle.id;
  writeFileSync(join(dir, 'index.json'), serializeIndex(index));
  return { file, path };
}
