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
        details: { start: 0, end: 22, expected: adjectiveTags },
      });
      expect(answer.body.message, url).toMatch(/^Unknown tag 'animal' for 'adjective'/);
    }
  });
});
