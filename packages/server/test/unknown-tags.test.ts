import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

describeEachDatabase('unknown tags', (ctx) => {
  it('forges the reference SDK README example; a tag the kind lacks is named with the kind’s tags listed', async () => {
    const a = await orgWithOwner(ctx(), 'unknown-tags');
    const { key } = await a.apiKey({});
    const post = (url: string, body: unknown) =>
      ctx().request('POST', `/api/v1${url}`, { body, headers: { 'x-api-key': key } });
    const tags = (await ctx().request('GET', '/api/v1/tags')).body as { kind: string; tag: string }[];
    const adjectiveTags = tags
      .filter((t) => t.kind === 'adjective')
      .map((t) => t.tag)
      .sort();
    // Bundles 2.x tag every word with its sentiment, so the reference's own example works.
    expect(adjectiveTags).toContain('positive');
    for (const url of ['/gen/forge', '/gen/pattern-info']) {
      const answer = await post(url, { pattern: '{adjective@en:+positive}-{noun}', count: 1 });
      expect(answer.status, url).toBe(200);
    }
    // `animal` is a noun tag, not an adjective one.
    expect(adjectiveTags).not.toContain('animal');
    for (const url of ['/gen/forge', '/gen/pattern-info']) {
      const answer = await post(url, { pattern: '{adjective@en:+animal}', count: 1 });
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toMatchObject({
        code: 400,
        details: {
          reason: 'invalid_pattern',
          code: 'unknown-tag',
          params: { tag: 'animal', kind: 'adjective' },
          start: 0,
          end: 22,
          expected: adjectiveTags,
        },
      });
      expect(answer.body.message, url).toMatch(/^Unknown tag 'animal' for 'adjective'/);
    }
  });

  it('ends the refusal of a misspelt kind or tag with the closest names, on every route that compiles', async () => {
    const a = await orgWithOwner(ctx(), 'did-you-mean');
    const { key } = await a.apiKey({});
    const post = (url: string, body: unknown) =>
      ctx().request('POST', `/api/v1${url}`, { body, headers: { 'x-api-key': key } });
    // The closest name first (others as close may follow, depending on the bundle's tags).
    const closest = (start: string, name: string) =>
      new RegExp(`^${start.replace(/[.()]/g, '\\$&')}\\. Did you mean '${name}'(, '[A-Za-z0-9_]+')*\\?$`);
    for (const [pattern, code, start, name] of [
      ['{adjective}-{nuon}', 'unknown-dictionary', "Unknown dictionary 'nuon'", 'noun'],
      ['{Adjectiv}{Noun}', 'unknown-dictionary', "Unknown dictionary 'Adjectiv'", 'Adjective'],
      ['{noun:+anmal}', 'unknown-tag', "Unknown tag 'anmal' for 'noun'", 'animal'],
    ] as const) {
      for (const url of ['/gen/forge', '/gen/pattern-info']) {
        const answer = await post(url, { pattern, count: 1 });
        expect(answer.status, `${url} ${pattern}`).toBe(400);
        expect(answer.body.message, `${url} ${pattern}`).toMatch(closest(start, name));
        // The code and the closest names, which clients translate with, whatever the English says.
        expect(answer.body.details.code, `${url} ${pattern}`).toBe(code);
        expect(answer.body.details.params.suggestions[0], `${url} ${pattern}`).toBe(name);
      }
    }
    // Series creation compiles in turns: the same message.
    const series = await post('/gen/series', { name: 'typo', pattern: '{noun:+anmal}' });
    expect(series.status).toBe(400);
    expect(series.body.message).toMatch(closest("Unknown tag 'anmal' for 'noun'", 'animal'));
  });
});
