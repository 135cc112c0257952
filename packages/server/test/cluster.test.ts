import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';

/**
 * Two nodes starting at the same moment on one fresh PostgreSQL schema: migrations run once (the
 * advisory lock), both end up with the same signing keys, and either node accepts what the other
 * issued and stored.
 */
// Only where PostgreSQL is among the test databases (it is by default).
if (testDatabases.includes('postgres'))
  describe('[postgres] two nodes on one database', () => {
    it('start together and share keys and data', async () => {
      const config = testConfig('postgres');
      const [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      const nodeA = new TestContext(a, config);
      const nodeB = new TestContext(b, config);
      try {
        expect(a.builtin?.signingKeys.map((k) => k.kid)).toEqual(b.builtin?.signingKeys.map((k) => k.kid));
        const person = await nodeA.person('both');
        const org = await nodeA.request('POST', '/api/v1/orgs', {
          token: person.token,
          body: { name: 'Shared' },
        });
        const seen = await nodeB.request('GET', `/api/v1/orgs/${org.body.slug}`, { token: person.token });
        expect(seen).toMatchObject({ status: 200, body: { slug: org.body.slug, role: 'owner' } });
      } finally {
        await a.server.close();
        await closeApp(b, config);
      }
    });
  });
