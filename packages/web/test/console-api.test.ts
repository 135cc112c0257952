import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusalDetail, refusalReason, setAccessTokenSource } from '../src/lib/api.js';
import * as consoleApi from '../src/lib/console-api.js';

/** Every call records method, path, body and bearer; answers 200 with an empty list or object. */
let calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];

beforeEach(() => {
  calls = [];
  setAccessTokenSource(() => 'token-1');
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const body = await request.text();
    calls.push({
      method: request.method,
      path: url.pathname + url.search,
      body: body === '' ? undefined : JSON.parse(body),
      auth: request.headers.get('authorization'),
    });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('console API client (§7.2, §7.3)', () => {
  it('sends each call to its route with the bearer token', async () => {
    const c = consoleApi;
    const cases: [() => Promise<unknown>, string, string, unknown?][] = [
      [() => c.listOrgs(), 'GET', '/api/v1/orgs'],
      [
        () => c.createOrg({ name: 'Acme', slug: 'acme' }),
        'POST',
        '/api/v1/orgs',
        { name: 'Acme', slug: 'acme' },
      ],
      [() => c.deleteOrg('acme'), 'DELETE', '/api/v1/orgs/acme'],
      [
        () => c.addMember('acme', { email: 'a@b.co', role: 'admin' }),
        'POST',
        '/api/v1/orgs/acme/members',
        { email: 'a@b.co', role: 'admin' },
      ],
      [
        () => c.updateMemberRole('acme', 'bob', 'member'),
        'PUT',
        '/api/v1/orgs/acme/members/bob',
        { role: 'member' },
      ],
      [() => c.removeMember('acme', 'bob'), 'DELETE', '/api/v1/orgs/acme/members/bob'],
      [() => c.getScopes('acme'), 'GET', '/api/v1/orgs/acme/scopes'],
      [() => c.getLimits('acme'), 'GET', '/api/v1/orgs/acme/limits'],
      [() => c.listSubscriptions('acme'), 'GET', '/api/v1/orgs/acme/subscriptions?language=en-GB'],
      [
        () => c.createSeries('acme', { name: 'Orders', pattern: '{noun}' }),
        'POST',
        '/api/v1/orgs/acme/series',
        { name: 'Orders', pattern: '{noun}' },
      ],
      [() => c.resetSeries('acme', 'orders'), 'POST', '/api/v1/orgs/acme/series/orders/reset'],
      [() => c.listApiKeys('acme'), 'GET', '/api/v1/orgs/acme/api-keys'],
      [() => c.listApiKeys('acme', 'orders'), 'GET', '/api/v1/orgs/acme/series/orders/api-keys'],
      [
        () => c.createApiKey('acme', { name: 'K', scopes: ['mint'], series: 'orders' }),
        'POST',
        '/api/v1/orgs/acme/api-keys',
        { name: 'K', scopes: ['mint'], series: 'orders' },
      ],
      // Nested under a series, the series travels in the path only (the route's body is strict).
      [
        () => c.createApiKey('acme', { name: 'K', scopes: ['mint'], series: 'other' }, 'orders'),
        'POST',
        '/api/v1/orgs/acme/series/orders/api-keys',
        { name: 'K', scopes: ['mint'] },
      ],
      [
        () => c.updateApiKey('acme', 'id-1', { enabled: false }),
        'PUT',
        '/api/v1/orgs/acme/api-keys/id-1',
        { enabled: false },
      ],
      [() => c.getApiKeyStats('acme', 'id-1'), 'GET', '/api/v1/orgs/acme/api-keys/id-1/stats'],
      [() => c.rotateSdkConfig('acme', 'web-1'), 'PATCH', '/api/v1/orgs/acme/sdk-configs/web-1'],
      [() => c.sdkConfigKeys('acme', 'web-1'), 'POST', '/api/v1/orgs/acme/sdk-configs/web-1/keys'],
      [() => c.listLegacySdkKeys('acme', 'orders'), 'GET', '/api/v1/orgs/acme/series/orders/sdk-keys'],
      [() => c.deleteLegacySdkKey('acme', 'key-1'), 'DELETE', '/api/v1/orgs/acme/sdk-keys/key-1'],
      [() => c.getOrg('a b/c'), 'GET', '/api/v1/orgs/a%20b%2Fc'],
    ];
    for (const [call, method, path, body] of cases) {
      calls = [];
      await call();
      expect(calls, path).toEqual([{ method, path, body, auth: 'Bearer token-1' }]);
    }
  });

  it('refuses to call without a token (§8)', async () => {
    setAccessTokenSource(() => null);
    await expect(consoleApi.listOrgs()).rejects.toMatchObject({
      code: 401,
      message: 'Authentication required but no token available',
    });
    expect(calls).toEqual([]);
  });

  it('query keys nest: an organisation key prefixes every key of that organisation', () => {
    const org = consoleApi.consoleKeys.org('acme');
    for (const k of [
      consoleApi.consoleKeys.members('acme'),
      consoleApi.consoleKeys.seriesList('acme'),
      consoleApi.consoleKeys.apiKeys('acme', 'orders'),
      consoleApi.consoleKeys.sdkConfig('acme', 'web'),
      consoleApi.consoleKeys.limits('acme'),
    ])
      expect(k.slice(0, org.length)).toEqual([...org]);
    expect(consoleApi.consoleKeys.org('acme-2').slice(0, 3)).not.toEqual([...org]);
  });

  it('ranks roles and reads error reasons', () => {
    expect(consoleApi.hasRole('owner', 'admin')).toBe(true);
    expect(consoleApi.hasRole('member', 'admin')).toBe(false);
    expect(consoleApi.hasRole(undefined, 'member')).toBe(false);
    expect(refusalReason({ details: { reason: 'plan_limit' } })).toBe('plan_limit');
    expect(refusalReason(new Error('x'))).toBeUndefined();
    expect(refusalReason({ details: { reason: 3 } })).toBeUndefined();
    expect(refusalDetail({ details: { reason: 'throttled', retry_after: 30 } }, 'retry_after')).toBe(30);
    expect(refusalDetail(null, 'retry_after')).toBeUndefined();
  });
});
