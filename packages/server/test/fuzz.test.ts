import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';

/** Whatever a client sends, the answer is never a 500 and always has the error body of §8. */
describeEachDatabase('malformed input', (ctx) => {
  it('never answers 5xx, on any route, to random bodies, queries and path segments', async () => {
    const owner = await ctx().person('fuzz');
    const org = (await ctx().request('POST', '/api/v1/orgs', { token: owner.token, body: { name: 'Fuzz' } }))
      .body.slug;
    const admin = await ctx().admin();
    const routes = ctx().app.routes.filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    const segment = fc.oneof(fc.constant(org), fc.constant(owner.slug), fc.string({ maxLength: 80 }));
    const query = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.jsonValue({ maxDepth: 3 }),
        segment,
        segment,
        query,
        fc.boolean(),
        async (route, body, orgSegment, memberSegment, q, asAdmin) => {
          const url = route.url
            .replace(':org', encodeURIComponent(orgSegment))
            .replace(':member', encodeURIComponent(memberSegment));
          const search = new URLSearchParams(q).toString();
          const response = await ctx().app.server.inject({
            method: route.method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: { authorization: `Bearer ${asAdmin ? admin.token : owner.token}` },
            ...(route.method !== 'GET' &&
              route.method !== 'DELETE' && { payload: JSON.stringify(body) ?? 'null' }),
            ...(route.method !== 'GET' &&
              route.method !== 'DELETE' && {
                headers: {
                  authorization: `Bearer ${asAdmin ? admin.token : owner.token}`,
                  'content-type': 'application/json',
                },
              }),
          });
          expect(response.statusCode, `${route.method} ${url} ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toMatchObject({ code: response.statusCode, message: expect.any(String) });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
