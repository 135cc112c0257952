import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bundleLanguages,
  type DictionaryBundle,
  languageBundleStore,
  loadLanguageBundle,
  openBundleStore,
} from '@slugsmith/dictionaries';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useLanguageBundles } from '../src/engine/engine.js';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

/**
 * Issue 34 item 2: the engine's refusals other than pattern errors carry their code and parameters
 * in the error body too (`details.code`, `details.params`), next to the `invalid_pattern` reason
 * clients already read. Made real by a German bundle whose first two adjectives share their forms:
 * the engine refuses to compile a pattern that makes them agree (two slugs would be equal).
 */
function germanWithTwinsDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'slugsmith-de-twins-'));
  const shipped = loadLanguageBundle('de');
  const id = '9.9.9-7717e500';
  const twins: DictionaryBundle = {
    ...shipped,
    id,
    version: '9.9.9',
    hash: '7'.repeat(64),
    dictionaries: shipped.dictionaries.map((d) => {
      if (d.kind !== 'adjective') return d;
      const [first, second, ...rest] = d.words;
      return { ...d, words: [first, { ...second, forms: first.forms }, ...rest] };
    }),
  };
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(twins));
  const info = { id, version: twins.version, hash: twins.hash, file: `${id}.json` };
  writeFileSync(join(dir, 'index.json'), JSON.stringify({ current: id, bundles: [info] }));
  return dir;
}

describeEachDatabase('generator errors in the error body', (ctx) => {
  let dir: string;
  let key: string;

  beforeAll(async () => {
    dir = germanWithTwinsDirectory();
    const owner = await orgWithOwner(ctx(), 'generator-errors');
    key = (await owner.apiKey({})).key;
  });
  afterAll(() => {
    useLanguageBundles();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a bundle the engine cannot use is refused with its code and parameters, whatever the English says', async () => {
    useLanguageBundles({
      languages: bundleLanguages,
      store: (l) => (l === 'de' ? openBundleStore(dir) : languageBundleStore(l)),
    });
    try {
      for (const url of ['/gen/forge', '/gen/pattern-info']) {
        const answer = await ctx().request('POST', `/api/v1${url}`, {
          headers: { 'x-api-key': key },
          body: { pattern: '{adjective@de}-{noun@de}', count: 1 },
        });
        expect(answer.status, url).toBe(400);
        expect(answer.body, url).toEqual({
          code: 400,
          message: "Dictionary 'adjective@de' has two words with the same masculine form",
          details: {
            reason: 'invalid_pattern',
            code: 'word-forms-coincide',
            params: { kind: 'adjective', language: 'de', form: 'masculine' },
          },
        });
      }
    } finally {
      useLanguageBundles();
    }
    // The shipped bundle again: the same pattern forges.
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key },
      body: { pattern: '{adjective@de}-{noun@de}', count: 1 },
    });
    expect(forged.status).toBe(200);
  });
});
