import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner } from './support/keys.js';

describeEachDatabase('unknown tags', (ctx) => {
  it('refuses the reference SDK README example with the tag named and the kind’s tags listed', async () => {
    const a = await orgWithOwner(ctx(), 'unknown-tags');
    const { key } = await a.apiKey({});
    const post = (url: string, body: unknown) =>
      ctx().request('POST', `/api/v1${url}`, { body, headers: { 'x-api-key': key } });
    const tags = (await ctx().request('GET', '/api/v1/tags')).body as { kind: string; tag: string }[];
    const adjectiveTags = tags
      .filter((t) => t.kind === 'adjective')
      .map((t) => t.tag)
      .sort();
    expect(adjectiveTags).not.toContain('positive');
    const refusal = {
      code: 400,
      message: "Unknown tag 'positive' for 'adjective'",
      details: { start: 0, end: 24, expected: adjectiveTags },
    };
    for (const url of ['/gen/forge', '/gen/pattern-info']) {
      const answer = await post(url, { pattern: '{adjective@en:+positive}', count: 1 });
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toEqual(refusal);
    }
  });
});
