import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { unlimitedPlan } from './support/plans.js';

describe('compressed API answers', () => {
  let ctx: TestContext;
  let key: string;

  beforeAll(async () => {
    const config = testConfig('pglite');
    ctx = new TestContext(await buildApp(config), config);
    const owner = await orgWithOwner(ctx, 'compression');
    await unlimitedPlan(ctx, owner.org);
    ({ key } = await owner.apiKey({}));
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.server.inject({
      url,
      headers: {
        'x-api-key': key,
        ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends the OpenAPI document and the dictionary tags with brotli, else gzip, else as they are', async () => {
    for (const url of ['/api/openapi.json', '/api/v1/gen/dictionary-tags']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const document = plain.json();

      const br = await get(url, 'gzip, deflate, br, zstd');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('accept-encoding');
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), url).toEqual(document);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString()), url).toEqual(document);
    }
  });

  it('leaves small answers alone', async () => {
    const ping = await get('/api/v1/ping', 'br');
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a slug stream, whose batches must reach the client as written', async () => {
    const r = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/v1/gen/forge/stream',
      headers: { 'x-api-key': key, 'accept-encoding': 'br, gzip' },
      payload: { pattern: '{adjective}-{noun}-{number:4d}', count: 2000 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.trim().split('\n')).toHaveLength(2000);
  });

  it('does not inflate compressed request bodies', async () => {
    const r = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/v1/gen/forge',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
  });
});
