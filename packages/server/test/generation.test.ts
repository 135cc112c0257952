import type { AddressInfo } from 'node:net';
import { Slugsmith } from '@slugsmith/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/app.js';
import { orgWithOwner, signedHeaders } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

/** The generation API end to end: console series and keys, then the SDK against the real server. */
describeEachDatabase('generation API', (ctx) => {
  let baseUrl = '';
  beforeAll(async () => {
    await ctx().app.server.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx().app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {});

  it('manages series in the console: members read, admins manage, patterns lock after minting', async () => {
    const a = await orgWithOwner(ctx(), 'series-console');
    const member = await ctx().person('series-member');
    await ctx().join(a.org, a.owner, member, 'member');
    const base = `/api/v1/orgs/${a.org}/series`;
    const bad = await ctx().request('POST', base, {
      token: a.owner.token,
      body: { name: 'Bad', pattern: '{noun' },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 400, details: { start: expect.any(Number) } } });
    const created = await ctx().request('POST', base, {
      token: a.owner.token,
      body: { name: 'Order Numbers', pattern: '{adjective}-{noun}-{number:3d}' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        slug: 'order-numbers',
        org_slug: a.org,
        generated_count: '0',
        capacity: expect.stringMatching(/^\d+$/),
      },
    });
    const again = await ctx().request('POST', base, {
      token: a.owner.token,
      body: { name: 'Order Numbers', pattern: '{noun}' },
    });
    expect(again.body.slug).toMatch(/^order-numbers-\d{4}$/);
    const slug = created.body.slug;
    expect((await ctx().request('GET', base, { token: member.token })).body).toHaveLength(2);
    expect((await ctx().request('GET', `${base}/${slug}`, { token: member.token })).body.pattern).toBe(
      '{adjective}-{noun}-{number:3d}',
    );
    expect(
      (await ctx().request('POST', base, { token: member.token, body: { name: 'X', pattern: '{noun}' } }))
        .status,
    ).toBe(403);
    const tested = await ctx().request('POST', `${base}/${slug}/test`, {
      token: member.token,
      body: { count: 5 },
    });
    expect(tested.body).toHaveLength(5);
    // Before anything is minted the pattern may change; afterwards it may not.
    const changed = await ctx().request('PUT', `${base}/${slug}`, {
      token: a.owner.token,
      body: { pattern: '{adjective}-{noun}', name: 'Orders' },
    });
    expect(changed.body).toMatchObject({ name: 'Orders', pattern: '{adjective}-{noun}' });
    const key = await a.apiKey({ series: slug });
    const minted = await ctx().request('POST', '/api/v1/gen/mint', {
      body: { count: 3 },
      headers: { 'x-api-key': key.key },
    });
    expect(minted.body).toHaveLength(3);
    const locked = await ctx().request('PUT', `${base}/${slug}`, {
      token: a.owner.token,
      body: { pattern: '{noun}' },
    });
    expect(locked).toMatchObject({
      status: 409,
      body: { message: 'The pattern cannot be changed once ids have been generated' },
    });
    expect(
      (await ctx().request('PUT', `${base}/${slug}`, { token: a.owner.token, body: { name: 'Renamed' } }))
        .body.name,
    ).toBe('Renamed');
    const window = await ctx().request('POST', `${base}/${slug}/slice`, {
      token: member.token,
      body: { count: 3 },
    });
    expect(window.body).toEqual(minted.body);
    // Statistics: the key's mint and the console's slice, once aggregated.
    await ctx().app.stats.aggregate();
    const stats = await ctx().request('GET', `${base}/${slug}/stats`, { token: member.token });
    expect(
      stats.body
        .filter((r: { date_part: string }) => r.date_part === 'total')
        .map((r: { event_type: string; total_count: number }) => `${r.event_type} ${r.total_count}`),
    ).toEqual(['mint 3', 'slice 3']);
    expect((await ctx().request('POST', `${base}/${slug}/reset`, { token: member.token })).status).toBe(403);
    const reset = await ctx().request('POST', `${base}/${slug}/reset`, { token: a.owner.token });
    expect(reset.body).toMatchObject({
      series: slug,
      generated_count: '0',
      warning: expect.stringContaining('again'),
    });
    expect((await ctx().request('DELETE', `${base}/${slug}`, { token: a.owner.token })).status).toBe(204);
    expect((await ctx().request('GET', `${base}/${slug}`, { token: a.owner.token })).status).toBe(404);
    // The series key went with its series.
    const gone = await ctx().request('POST', '/api/v1/gen/mint', {
      body: { count: 1 },
      headers: { 'x-api-key': key.key },
    });
    expect(gone.status).toBe(401);
  });

  it('shows an API key secret once, stores only its hash, and manages keys', async () => {
    const a = await orgWithOwner(ctx(), 'keys-console');
    const s = await a.series('Tickets');
    const base = `/api/v1/orgs/${a.org}/api-keys`;
    const created = await ctx().request('POST', base, {
      token: a.owner.token,
      body: { name: 'Backend', scopes: ['series:read', 'mint', 'forge', 'mint'] },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        name: 'Backend',
        key_scope: 'org',
        scopes: ['forge', 'mint', 'series:read'],
        enabled: true,
        expires_at: null,
      },
    });
    const secret: string = created.body.key;
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(created.body.prefix)).toBe(true);
    const listed = await ctx().request('GET', base, { token: a.owner.token });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].key).toBeUndefined();
    const stored = await ctx().app.database.rawTransaction((exec) =>
      exec('SELECT hash, prefix FROM api_keys'),
    );
    expect(JSON.stringify(stored)).not.toContain(secret);
    const bad = await ctx().request('POST', base, {
      token: a.owner.token,
      body: { name: 'x', scopes: ['everything'] },
    });
    expect(bad.status).toBe(400);
    const nested = await ctx().request('POST', `/api/v1/orgs/${a.org}/series/${s.slug}/api-keys`, {
      token: a.owner.token,
      body: { name: 'Series only', scopes: ['mint'] },
    });
    expect(nested.body).toMatchObject({ key_scope: 'series', series_slug: s.slug });
    expect(
      (
        await ctx().request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}/api-keys`, {
          token: a.owner.token,
        })
      ).body,
    ).toHaveLength(1);
    const id = created.body.id;
    const info = await ctx().request('POST', '/api/v1/key-info', { headers: { 'x-api-key': secret } });
    expect(info.body).toEqual({
      type: 'api-key',
      key_scope: 'org',
      slug: created.body.prefix,
      org_slug: a.org,
      scopes: ['forge', 'mint', 'series:read'],
      enabled: true,
    });
    const disabled = await ctx().request('PUT', `${base}/${id}`, {
      token: a.owner.token,
      body: { enabled: false },
    });
    expect(disabled.body.enabled).toBe(false);
    expect(
      (await ctx().request('POST', '/api/v1/key-info', { headers: { 'x-api-key': secret } })).status,
    ).toBe(401);
    await ctx().request('PUT', `${base}/${id}`, {
      token: a.owner.token,
      body: { enabled: true, expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(
      (await ctx().request('POST', '/api/v1/key-info', { headers: { 'x-api-key': secret } })).body.message,
    ).toBe('API key has expired');
    expect((await ctx().request('GET', `${base}/${id}/stats`, { token: a.owner.token })).body).toEqual([]);
    const scopes = await ctx().request('GET', `/api/v1/orgs/${a.org}/scopes`, { token: a.owner.token });
    expect(scopes.body.sdk_configs).toEqual(['forge', 'mint', 'slice', 'stats']);
    expect(scopes.body.api_keys.slice(0, 6)).toEqual(['forge', 'mint', 'slice', 'stats', 'reset', 'mcp']);
    expect((await ctx().request('DELETE', `${base}/${id}`, { token: a.owner.token })).status).toBe(204);
    expect((await ctx().request('GET', `${base}/${id}`, { token: a.owner.token })).status).toBe(404);
    expect((await ctx().request('GET', `${base}/not-a-uuid`, { token: a.owner.token })).status).toBe(400);
  });

  it('forges, mints, slices, streams and resets through the SDK with an API key', async () => {
    const a = await orgWithOwner(ctx(), 'sdk-key');
    // Generates more than the Free plan allows (streams, SDK keys, large counts).
    await unlimitedPlan(ctx(), a.org);
    const key = await a.apiKey({});
    const client = Slugsmith.withApiKey({ baseUrl, apiKey: key.key });
    expect(await client.ping()).toBe(true);
    const forged = await client.forge({ pattern: '{adjective}-{noun}', seed: 'demo', sequence: 5, count: 3 });
    expect(forged).toHaveLength(3);
    expect(
      await client.forge({ pattern: '{adjective}-{noun}', seed: 'demo', sequence: 6, count: 1 }),
    ).toEqual([forged[1]]);
    await expect(client.forge({ pattern: '{adjective', count: 1 })).rejects.toMatchObject({ status: 400 });
    // The plan's per-request maximum: a 429 the client reports as not worth retrying.
    await expect(client.forge({ pattern: '{noun}', count: 10_001 })).rejects.toMatchObject({
      status: 429,
      reason: 'request-size-exceeded',
      retryable: false,
      message: 'Rate limit exceeded: Count is too large (maximum: 10000)',
    });
    const info = await client.patternInfo('{adjective}-{noun}-{number:3d}');
    expect(info).toMatchObject({ capacity: expect.stringMatching(/^\d+$/), components: 3 });
    expect((await client.dictionaryInfo()).length).toBeGreaterThan(3);
    expect((await client.dictionaryTags()).length).toBeGreaterThan(10);

    const created = await client.createSeries('Invoices', '{adjective}-{noun}');
    expect(created).toMatchObject({ slug: 'invoices', generated_count: '0' });
    expect(await client.listSeries()).toEqual({ invoices: 'Invoices' });
    const first = await client.mint({ count: 5, series: 'invoices' });
    const second = await client.mint({ count: 5, series: 'invoices' });
    expect(new Set([...first, ...second]).size).toBe(10);
    expect(await client.slice({ count: 10, series: 'invoices' })).toEqual([...first, ...second]);
    // generated_count is a position: ten slugs, and any awkward positions mint left out. The
    // next slugs start there.
    const position = (await client.seriesInfo('invoices')).generated_count;
    expect(BigInt(position)).toBeGreaterThanOrEqual(10n);
    const ahead = await client.slice({ count: 3, sequence: position, series: 'invoices' });
    const streamed: string[] = [];
    for await (const s of client.mintStream({ count: 2500, batch_size: 1000, series: 'invoices' }))
      streamed.push(s);
    expect(streamed).toHaveLength(2500);
    expect(streamed.slice(0, 3)).toEqual(ahead);
    expect(new Set([...first, ...second, ...streamed]).size).toBe(2510);
    const sliced: string[] = [];
    for await (const s of client.sliceStream({ count: 2510, batch_size: 700, series: 'invoices' }))
      sliced.push(s);
    expect(sliced).toEqual([...first, ...second, ...streamed]);
    const forgedStream: string[] = [];
    for await (const s of client.forgeStream({ pattern: '{noun}', seed: 'x', count: 1200 }))
      forgedStream.push(s);
    expect(forgedStream.slice(0, 3)).toEqual(await client.forge({ pattern: '{noun}', seed: 'x', count: 3 }));
    expect(forgedStream).toHaveLength(1200);
    // No series named: the organisation's default (its first and only series). Its next slug is
    // at its position (2510 slugs, and any awkward positions left out between them).
    const next = (await client.seriesInfo('invoices')).generated_count;
    expect(await client.mint({ count: 1 })).toEqual(
      await client.slice({ count: 1, sequence: next, series: 'invoices' }),
    );
    await expect(client.mint({ count: 1, series: 'nope' })).rejects.toMatchObject({ status: 404 });

    const updated = await client.updateSeries('invoices', { name: 'Bills' });
    expect(updated.name).toBe('Bills');
    await expect(client.updateSeries('invoices', { pattern: '{noun}' })).rejects.toMatchObject({
      status: 409,
    });
    await client.reset('invoices');
    expect((await client.seriesInfo('invoices')).generated_count).toBe('0');
    expect(await client.mint({ count: 5, series: 'invoices' })).toEqual(first);
    expect(await client.keyInfo()).toMatchObject({ type: 'api-key', org_slug: a.org });
    expect(await client.statsTotals()).toBeInstanceOf(Array);
    expect(await client.limits()).toBeTypeOf('object');
    await client.deleteSeries('invoices');
    expect(await client.listSeries()).toEqual({});
  });

  it('mints to exhaustion without wrap-around, and concurrent mints never share a slug', async () => {
    const a = await orgWithOwner(ctx(), 'exhaust');
    // Generates more than the Free plan allows (streams, SDK keys, large counts).
    await unlimitedPlan(ctx(), a.org);
    const key = await a.apiKey({});
    const client = Slugsmith.withApiKey({ baseUrl, apiKey: key.key });
    await client.createSeries('Digits', '{number:2d}');
    const got = await client.mint({ count: 95, series: 'digits' });
    await expect(client.mint({ count: 6, series: 'digits' })).rejects.toMatchObject({
      status: 409,
      message: 'The series is exhausted: fewer ids remain than were asked for',
    });
    got.push(...(await client.mint({ count: 5, series: 'digits' })));
    expect(new Set(got).size).toBe(100);
    await expect(client.mint({ count: 1, series: 'digits' })).rejects.toMatchObject({ status: 409 });
    await expect(client.slice({ count: 1, sequence: 100, series: 'digits' })).rejects.toMatchObject({
      status: 409,
    });
    // (The Free plan allows three series: make room.)
    await client.deleteSeries('digits');

    // Concurrent requests are served by coalesced counter updates; near the end each is judged alone.
    await client.createSeries('Small', '{number:2d}');
    const racing = await Promise.allSettled(
      Array.from({ length: 12 }, () => client.mint({ count: 10, series: 'small' })),
    );
    const won = racing.filter((r) => r.status === 'fulfilled').flatMap((r) => r.value);
    expect(racing.filter((r) => r.status === 'rejected')).toHaveLength(2);
    expect(new Set(won).size).toBe(100);
    expect((await client.seriesInfo('small')).generated_count).toBe('100');
    await client.deleteSeries('small');

    // A stream stops early when the series runs out after it started; before, it is an error.
    await client.createSeries('Tiny', '{number:2d}');
    const lines: string[] = [];
    for await (const s of client.mintStream({ count: 150, batch_size: 40, series: 'tiny' })) lines.push(s);
    expect(lines).toHaveLength(80);
    expect(await client.mint({ count: 20, series: 'tiny' })).toHaveLength(20);
    const refused = async () => {
      for await (const _ of client.mintStream({ count: 1, series: 'tiny' })) break;
    };
    await expect(refused()).rejects.toMatchObject({ status: 409 });

    await client.createSeries('Busy', '{adjective}-{noun}');
    const batches = await Promise.all(
      Array.from({ length: 20 }, () => client.mint({ count: 50, series: 'busy' })),
    );
    const all = batches.flat();
    expect(new Set(all).size).toBe(1000);
    // Positions: the thousand slugs and any awkward positions left out between them.
    expect(BigInt((await client.seriesInfo('busy')).generated_count)).toBeGreaterThanOrEqual(1000n);
  });

  it('signs requests with SDK keys: JWKS per origin, rotation, no reset', async () => {
    const a = await orgWithOwner(ctx(), 'sdk-signed');
    // Generates more than the Free plan allows (streams, SDK keys, large counts).
    await unlimitedPlan(ctx(), a.org);
    await a.series('Web');
    const config = await a.sdkConfig({
      series: 'web',
      allowed_origins: 'https://app.example\nhttps://www.example',
    });
    const jwks = await fetch(`${baseUrl}/api/v1/jwks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ config: config.slug }),
    });
    expect(jwks.status).toBe(403);
    const preflight = await fetch(`${baseUrl}/api/v1/gen/forge`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-signature,x-timestamp,x-sdk-slug',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-signature');
    // A reference client posts the JWKS request as text/plain.
    const plain = await fetch(`${baseUrl}/api/v1/jwks`, {
      method: 'POST',
      headers: { origin: 'https://app.example' },
      body: JSON.stringify({ config: config.slug }),
    });
    expect(plain.status).toBe(200);
    expect((await plain.json())[0]).toMatchObject({ jwk: { kty: 'EC', crv: 'P-256' }, effective_to: null });

    // The config lists origins: its requests must name one, as a page's fetch does.
    const fromApp: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as object), origin: 'https://app.example' } });
    const client = await Slugsmith.fromBackend({ baseUrl, sdkConfig: config.slug, fetch: fromApp });
    expect(await client.forge({ pattern: '{noun}', count: 2 })).toHaveLength(2);
    expect(await client.mint({ count: 3 })).toHaveLength(3);
    expect(await client.keyInfo()).toMatchObject({
      type: 'sdk-config',
      key_scope: 'series',
      series_slug: 'web',
    });
    // No reset scope: final (401), no key refresh.
    await expect(client.reset('web')).rejects.toMatchObject({ status: 401 });
    // Rotation replaces the keys; the client refreshes once and carries on.
    const rotated = await ctx().request('PATCH', `/api/v1/orgs/${a.org}/sdk-configs/${config.slug}`, {
      token: a.owner.token,
    });
    expect(rotated.body.keys[0].slug).not.toBe(config.keys[0].slug);
    expect(await client.mint({ count: 1 })).toHaveLength(1);
    client.close();

    // Automatic rotation: two overlapping keys; changing the policy replaces them.
    const auto = await a.sdkConfig({ rotation: 'automatic', rotation_period: '24h' });
    expect(auto).toMatchObject({ rotation: 'automatic', rotation_period: '24h' });
    expect(auto.keys).toHaveLength(2);
    const [k0, k1] = auto.keys as unknown as { effective_from: string; effective_to: string }[];
    expect(Date.parse(k1.effective_from)).toBeLessThan(Date.parse(k0.effective_to));
    const effective = await ctx().request('POST', `/api/v1/orgs/${a.org}/sdk-configs/${auto.slug}/keys`, {
      token: a.owner.token,
    });
    expect(effective.body).toHaveLength(1);
    const manual = await ctx().request('PUT', `/api/v1/orgs/${a.org}/sdk-configs/${auto.slug}`, {
      token: a.owner.token,
      body: { rotation: 'manual' },
    });
    expect(manual.body.keys).toHaveLength(1);
    expect(manual.body.keys[0].effective_to).toBeNull();
    const old = signedHeaders(auto.keys[0].jwk, auto.slug, 'POST', '/api/v1/gen/forge');
    // A replaced key: 403, on which signing clients fetch the new keys.
    expect(
      (await ctx().request('POST', '/api/v1/gen/forge', { body: { pattern: '{noun}' }, headers: old }))
        .status,
    ).toBe(403);
    expect(
      (
        await ctx().request('POST', `/api/v1/orgs/${a.org}/sdk-configs`, {
          token: a.owner.token,
          body: { name: 'x', scopes: ['forge', 'reset'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await ctx().request('POST', `/api/v1/orgs/${a.org}/sdk-configs`, {
          token: a.owner.token,
          body: { name: 'x', scopes: ['forge'], rotation: 'automatic', rotation_period: '5 days' },
        })
      ).status,
    ).toBe(400);
    const list = await ctx().request('GET', `/api/v1/orgs/${a.org}/sdk-configs`, { token: a.owner.token });
    expect(list.body).toHaveLength(2);
    expect(
      (await ctx().request('GET', `/api/v1/orgs/${a.org}/series/web/sdk-configs`, { token: a.owner.token }))
        .body,
    ).toHaveLength(1);
    expect(
      (
        await ctx().request('DELETE', `/api/v1/orgs/${a.org}/sdk-configs/${auto.slug}`, {
          token: a.owner.token,
        })
      ).status,
    ).toBe(204);

    // Legacy SDK keys: each the single key of a manual config made through their routes (the
    // manual config made above is a config, not a legacy key).
    const legacy = await ctx().request('POST', `/api/v1/orgs/${a.org}/sdk-keys`, {
      token: a.owner.token,
      body: { name: 'Old app' },
    });
    expect(legacy).toMatchObject({ status: 201, body: { name: 'Old app', effective_to: null } });
    expect(
      (await ctx().request('GET', `/api/v1/orgs/${a.org}/sdk-keys`, { token: a.owner.token })).body,
    ).toHaveLength(1);
    expect(
      (
        await ctx().request('DELETE', `/api/v1/orgs/${a.org}/sdk-keys/${legacy.body.slug}`, {
          token: a.owner.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (await ctx().request('GET', `/api/v1/orgs/${a.org}/sdk-keys`, { token: a.owner.token })).body,
    ).toHaveLength(0);
    const nested = await ctx().request('POST', `/api/v1/orgs/${a.org}/series/web/sdk-keys`, {
      token: a.owner.token,
      body: { name: 'Series app', scopes: ['mint'] },
    });
    expect(nested.status).toBe(201);
    const seriesKeys = await ctx().request('GET', `/api/v1/orgs/${a.org}/series/web/sdk-keys`, {
      token: a.owner.token,
    });
    // The new legacy key alone: the series' own config (created above) is listed among the configs.
    expect(seriesKeys.body.map((k: { config: string }) => k.config)).toEqual([nested.body.config]);
  });

  it('shortens a pattern to a slug code and expands it; public dictionary calls', async () => {
    const a = await orgWithOwner(ctx(), 'shorten');
    const key = await a.apiKey({ scopes: ['forge'] });
    const short = await ctx().request('POST', '/api/v1/shorten', {
      body: { pattern: '{adjective}-{noun}-{number:3d}', seed: 'abc', sequence: 7 },
      headers: { 'x-api-key': key.key },
    });
    expect(short.body.slug).toMatch(/^[a-z]+(?:[- ][a-z]+)*-[a-z]+/);
    const other = await ctx().request('POST', '/api/v1/shorten', {
      body: { pattern: '{noun}' },
      headers: { 'x-api-key': key.key },
    });
    expect(other.body.slug).not.toBe(short.body.slug);
    expect(
      (await ctx().request('GET', `/api/v1/expand/${encodeURIComponent(short.body.slug)}`)).body,
    ).toEqual({
      pattern: '{adjective}-{noun}-{number:3d}',
      seed: 'abc',
      sequence: 7,
    });
    expect(
      (await ctx().request('GET', `/api/v1/expand/${encodeURIComponent(other.body.slug)}`)).body,
    ).toEqual({ pattern: '{noun}' });
    expect((await ctx().request('GET', '/api/v1/expand/no-such-code')).status).toBe(404);
    expect(
      (
        await ctx().request('POST', '/api/v1/shorten', {
          body: { pattern: '{' },
          headers: { 'x-api-key': key.key },
        })
      ).status,
    ).toBe(400);
    expect((await ctx().request('GET', '/api/v1/generator/dictionary-stats')).body.length).toBeGreaterThan(3);
    expect((await ctx().request('GET', '/api/v1/tags')).body.length).toBeGreaterThan(10);
  });
});
