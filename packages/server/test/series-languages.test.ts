import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bundleLanguages,
  type DictionaryBundle,
  languageBundleStore,
  loadBundle,
  loadLanguageBundle,
  openBundleStore,
} from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { currentGenerator, useLanguageBundles } from '../src/engine/engine.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * Issue 35 items 5 and 6: a series pins the language bundles its pattern reads, as it pins the
 * English bundle, and mints the same slugs after a newer language bundle ships.
 */

const PATTERN = '{adjective@de}-{noun@de}-{number:2d}';
const shippedDe = languageBundleStore('de');
const pinnedDe = shippedDe.currentBundleId;

/**
 * A bundle directory for German holding the shipped bundle and a newer one, made current, whose
 * word lists are reversed: every slug of a German pattern changes under it.
 */
function newerGermanDirectory(): { dir: string; newerId: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slugsmith-de-'));
  const shipped = shippedDe.listBundles().find((b) => b.id === pinnedDe);
  if (!shipped) throw new Error('the shipped German bundle is not listed');
  copyFileSync(
    new URL(`../../dictionaries/bundles/languages/de/${shipped.file}`, import.meta.url),
    join(dir, shipped.file),
  );
  const old = loadLanguageBundle('de');
  const newerId = '9.0.0-00000000';
  const newer: DictionaryBundle = {
    ...old,
    id: newerId,
    version: '9.0.0',
    hash: '0'.repeat(64),
    dictionaries: old.dictionaries.map((d) => ({ ...d, words: [...d.words].reverse() })),
  };
  writeFileSync(join(dir, `${newerId}.json`), JSON.stringify(newer));
  const newerInfo = { id: newerId, version: '9.0.0', hash: newer.hash, file: `${newerId}.json` };
  writeFileSync(join(dir, 'index.json'), JSON.stringify({ current: newerId, bundles: [shipped, newerInfo] }));
  return { dir, newerId };
}

describeEachDatabase('series pin the language bundles they read', (ctx) => {
  let owner: Awaited<ReturnType<typeof orgWithOwner>>;
  let key: string;
  let newer: { dir: string; newerId: string };

  beforeAll(async () => {
    owner = await orgWithOwner(ctx(), 'pins');
    await unlimitedPlan(ctx(), owner.org);
    key = (await owner.apiKey({})).key;
    newer = newerGermanDirectory();
  });
  afterAll(() => {
    useLanguageBundles();
    rmSync(newer.dir, { recursive: true, force: true });
  });

  const api = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
    ctx().request(method, `/api/v1/orgs/${owner.org}${url}`, { token: owner.owner.token, body });
  const gen = (url: string, body: unknown) =>
    ctx().request('POST', `/api/v1/gen${url}`, { headers: { 'x-api-key': key }, body });

  it('records the current bundle of each language a pattern reads, and mints the same slugs after a newer one ships', async () => {
    const created = await api('POST', '/series', { name: 'Deutsch', pattern: PATTERN });
    expect(created.status).toBe(201);
    expect(created.body.language_bundles).toEqual({ de: pinnedDe });
    const engine = new Generator(loadBundle(created.body.bundle), {
      languages: [loadLanguageBundle('de', pinnedDe)],
    });
    expect(created.body.capacity).toBe(engine.patternInfo(PATTERN).capacity);
    const first = await gen('/mint', { series: created.body.slug, count: 50 });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(50);
    expect((first.body as string[]).every((s) => /^[\p{L}]+-[\p{L}]+-\d\d$/u.test(s))).toBe(true);

    // A newer German bundle ships: forges read it, the series keeps its own.
    useLanguageBundles({
      languages: bundleLanguages,
      store: (l) => (l === 'de' ? openBundleStore(newer.dir) : languageBundleStore(l)),
    });
    expect(currentGenerator().languageBundleIds).toContain(newer.newerId);
    const forged = await gen('/forge', { pattern: PATTERN, seed: 'same', count: 20 });
    expect(forged.body).not.toEqual(engine.forge(PATTERN, { seed: 'same', count: 20 }));

    const reset = await gen('/reset', { series: created.body.slug });
    expect(reset.status).toBe(200);
    const again = await gen('/mint', { series: created.body.slug, count: 50 });
    expect(again.body).toEqual(first.body);
    const sliced = await gen('/slice', { series: created.body.slug, count: 50 });
    expect(sliced.status).toBe(200);
    expect(sliced.body.flat()).toEqual(first.body);

    const info = await api('GET', `/series/${created.body.slug}`);
    expect(info.body.language_bundles).toEqual({ de: pinnedDe });
    // A series created now pins the newer bundle.
    const later = await api('POST', '/series', { name: 'Neuer', pattern: PATTERN });
    expect(later.body.language_bundles).toEqual({ de: newer.newerId });
    useLanguageBundles();
  });

  it('a new pattern keeps the languages pinned already and pins the current bundle of a new one', async () => {
    const created = await api('POST', '/series', { name: 'Wechsel', pattern: '{noun@de}' });
    expect(created.body.language_bundles).toEqual({ de: pinnedDe });
    useLanguageBundles({
      languages: bundleLanguages,
      store: (l) => (l === 'de' ? openBundleStore(newer.dir) : languageBundleStore(l)),
    });
    const changed = await api('PUT', `/series/${created.body.slug}`, {
      pattern: '{noun@de}-{adjective}-{noun}[@fr]',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.language_bundles).toEqual({
      de: pinnedDe,
      fr: languageBundleStore('fr').currentBundleId,
    });
    const english = await api('PUT', `/series/${created.body.slug}`, { pattern: '{adjective}-{noun}' });
    expect(english.body.language_bundles).toEqual({});
    expect(english.body.capacity).toBe(
      new Generator(loadBundle(english.body.bundle)).patternInfo('{adjective}-{noun}').capacity,
    );
    useLanguageBundles();
  });

  it('refuses a language without dictionaries, clearly', async () => {
    const refused = await api('POST', '/series', { name: 'Unknown', pattern: '{adjective@xx}-{noun}' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("No 'adjective' dictionary for language 'xx'");
  });
});
