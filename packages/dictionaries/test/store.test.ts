// Versioning: bundles are immutable and content-addressed; older ids keep loading (generator.md G5).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Generator } from '@slugsmith/generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, seal } from '../scripts/lib/canonical.js';
import { writeBundle } from '../scripts/lib/store.js';
import {
  currentBundleId,
  type DictionaryBundle,
  listBundles,
  loadBundle,
  openBundleStore,
  UnknownBundleError,
} from '../src/index.js';
import { BUNDLES_DIR } from './helpers.js';

let dir: string;
let v1: DictionaryBundle;
let v2: DictionaryBundle;

function bumpMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${minor + 1}.0`;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'slugsmith-store-'));
  v1 = loadBundle();
  writeBundle(dir, v1);
  // A later bundle with added words, as a real data update would make.
  const nouns = v1.dictionaries.find((d) => d.kind === 'noun')!;
  const added = [
    { word: 'zzglimmer', tags: ['artifact'] },
    { word: 'aaquokka', tags: ['animal'] },
  ];
  const words = [...nouns.words, ...added].sort((a, b) => (a.word < b.word ? -1 : 1));
  v2 = seal(
    {
      dictionaries: v1.dictionaries.map((d) => (d.kind === 'noun' ? { ...d, words } : d)),
      tags: v1.tags,
      avoid_pairs: v1.avoid_pairs,
    },
    bumpMinor(v1.version),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundle ids', () => {
  it('an id is the version plus the first 8 hex digits of the content hash', () => {
    expect(v2.id).toBe(`${v2.version}-${v2.hash.slice(0, 8)}`);
    expect(v2.hash).not.toBe(v1.hash);
  });

  it('an unknown id is an error naming the id', () => {
    expect(() => loadBundle('0.0.0-deadbeef')).toThrow(UnknownBundleError);
    expect(() => loadBundle('0.0.0-deadbeef')).toThrow(/"0\.0\.0-deadbeef"/);
  });

  it('every shipped id loads, oldest first in the list, the current one last', () => {
    const ids = listBundles().map((b) => b.id);
    for (const id of ids) expect(loadBundle(id).id).toBe(id);
    expect(ids.at(-1)).toBe(currentBundleId);
  });
});

describe('a new bundle never changes an old one', () => {
  it('writing v2 leaves v1 byte-identical and loadable by id', () => {
    const v1File = join(dir, `${v1.id}.json`);
    const before = readFileSync(v1File, 'utf8');
    writeBundle(dir, v2);
    expect(readFileSync(v1File, 'utf8')).toBe(before);

    const store = openBundleStore(dir);
    expect(store.currentBundleId).toBe(v2.id);
    expect(store.listBundles().map((b) => b.id)).toEqual([v1.id, v2.id]);
    expect(store.loadBundle(v1.id)).toEqual(v1);
    expect(store.loadBundle()).toEqual(v2);
  });

  it('refuses to reuse a version for different content', () => {
    const other = seal({ dictionaries: v1.dictionaries.slice(0, 1), tags: [], avoid_pairs: [] }, v1.version);
    expect(() => writeBundle(dir, other)).toThrow(/raise lists\/version.txt/);
  });

  it('a shipped bundle copied into a store loads and equals the original', () => {
    const copy = mkdtempSync(join(tmpdir(), 'slugsmith-copy-'));
    try {
      for (const info of listBundles()) copyFileSync(join(BUNDLES_DIR, info.file), join(copy, info.file));
      copyFileSync(join(BUNDLES_DIR, 'index.json'), join(copy, 'index.json'));
      const store = openBundleStore(copy);
      for (const info of listBundles()) expect(store.loadBundle(info.id)).toEqual(loadBundle(info.id));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('a series pinned to v1 yields the same slugs after v2 ships (G5)', () => {
    const store = openBundleStore(dir);
    const pattern = '{adjective}-{noun}-{number:3d}';
    const options = { seed: 'series-42', sequence: 1000, count: 50 };
    const before = new Generator(v1).forge(pattern, options);
    const pinned = new Generator(store.loadBundle(v1.id)).forge(pattern, options);
    expect(pinned).toEqual(before);
    // The new bundle is a different space, so a new series on it may differ.
    const fresh = new Generator(store.loadBundle(v2.id)).forge(pattern, options);
    expect(fresh).toHaveLength(50);
  });
});

describe('the shipped history', () => {
  // Guards immutability: these ids were shipped, so every later release must still load them with
  // exactly this content (a series may be pinned to any of them). 2.0.0 and 2.1.0 were never the
  // current bundle of a released main (a series pins only the current one), so they are not kept.
  const SHIPPED = {
    '1.0.0-7dad0c7d': '7dad0c7dcf2b1baf5e85fac59309e69097d1f7ceef06d8b65536ffb5b3a3b23a',
    '1.1.0-57697a35': '57697a35e301666980fbb48386291e205e0e03115668c2570bacb2bced9ea3d9',
    '2.2.0-8d3e69c0': '8d3e69c0cd87648bdca2fafbf28d1bd4e52b54928a5f2742ca1f9c03faa3508e',
  };

  it.each(Object.entries(SHIPPED))('%s is still shipped and unchanged', (id, hash) => {
    const bundle = loadBundle(id);
    expect(bundle.hash).toBe(hash);
    expect(contentHash(bundle)).toBe(hash);
  });

  it('an older shipped bundle and the current one are different, both loadable', () => {
    const old = loadBundle('1.0.0-7dad0c7d');
    const current = loadBundle();
    expect(old.id).not.toBe(current.id);
    const adverbs = (b: DictionaryBundle) =>
      b.dictionaries.find((d) => d.kind === 'adverb')!.words.map((w) => w.word);
    expect(adverbs(old)).toContain('ergo');
    expect(adverbs(old).length).toBeGreaterThanOrEqual(adverbs(current).length);
    const pattern = '{adjective}-{noun}-{adverb}';
    const options = { seed: 'pinned', sequence: 0, count: 20 };
    // Each generator stays on its own bundle: loading the new one does not disturb the old one.
    const before = new Generator(old).forge(pattern, options);
    new Generator(current).forge(pattern, options);
    expect(new Generator(loadBundle('1.0.0-7dad0c7d')).forge(pattern, options)).toEqual(before);
  });
});
