import { loadBundle } from '@slugsmith/dictionaries';
import { Generator } from '@slugsmith/generator';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * Issue 32 item 1 through the API: the reference service's short and category tags and its
 * `domain` and `shell` dictionaries are listed with their word counts and forge as in the engine.
 */
describeEachDatabase('the reference vocabulary through the API', (ctx) => {
  let key: string;
  const engine = new Generator(loadBundle());

  beforeAll(async () => {
    const owner = await orgWithOwner(ctx(), 'vocabulary');
    await unlimitedPlan(ctx(), owner.org);
    key = (await owner.apiKey({})).key;
  });

  const get = (url: string) => ctx().request('GET', `/api/v1${url}`, { headers: { 'x-api-key': key } });

  it('dictionary-info lists domain and shell; dictionary-tags the new tags with their counts', async () => {
    const info = await get('/gen/dictionary-info');
    expect(info.status).toBe(200);
    for (const kind of ['domain', 'shell'])
      expect(info.body).toContainEqual({
        kind,
        language: null,
        count: engine.dictionaryInfo().find((d) => d.kind === kind)?.count,
      });

    const tags = await get('/gen/dictionary-tags');
    expect(tags.status).toBe(200);
    const rows = tags.body as { kind: string; tag: string; word_count: number; opt_in: boolean }[];
    const count = (kind: string, tag: string) =>
      rows.find((r) => r.kind === kind && r.tag === tag)?.word_count;
    expect(count('adjective', 'pos')).toBe(count('adjective', 'positive'));
    expect(count('noun', 'obj')).toBe(count('noun', 'objective'));
    expect(rows.find((r) => r.kind === 'verb' && r.tag === 'neg')?.opt_in).toBe(true);
    for (const [kind, tag] of [
      ['noun', 'device'],
      ['noun', 'fantasy'],
      ['verb', 'travel'],
      ['domain', 'tld'],
      ['domain', 'com'],
      ['shell', 'vcs'],
    ])
      expect(count(kind, tag), `${kind}:${tag}`).toBeGreaterThan(0);
  });

  it('forges and describes a documented pattern with short tags and a new dictionary', async () => {
    const pattern = '{adjective:+pos}.{domain:+tld}';
    const forged = await ctx().request('POST', '/api/v1/gen/forge', {
      headers: { 'x-api-key': key },
      body: { pattern, seed: 'reference', count: 20 },
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual(engine.forge(pattern, { seed: 'reference', count: 20 }));
    const info = await ctx().request('POST', '/api/v1/gen/pattern-info', {
      headers: { 'x-api-key': key },
      body: { pattern },
    });
    expect(info.status).toBe(200);
    expect((info.body as { capacity: string }).capacity).toBe(engine.patternInfo(pattern).capacity);
  });
});
