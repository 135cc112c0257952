import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';

const script = 'console.log("console")';

describe('web console', () => {
  let dist: string;
  let ctx: TestContext;
  const logged: { msg?: string; req?: { url?: string } }[] = [];

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'slugsmith-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><title>Console</title><script src="/assets/app-1a2b.js"></script>',
    );
    await writeFile(join(dist, 'assets', 'app-1a2b.js'), script);
    // What the build's precompression writes next to a file.
    await writeFile(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    await writeFile(join(dist, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const config = testConfig('pglite', { WEB_DIST_DIR: dist, LOG_LEVEL: 'info' });
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    });
    ctx = new TestContext(await buildApp(config, { logStream }), config);
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
    ctx.app.server.inject({ method, url });

  it('serves the console at / with index.html never cached', async () => {
    const r = await get('/');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<script src="/assets/app-1a2b.js"></script>');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('caches hashed assets for a year', async () => {
    const r = await get('/assets/app-1a2b.js');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts: brotli, else gzip, else the file', async () => {
    const asset = (acceptEncoding?: string) =>
      ctx.app.server.inject({
        url: '/assets/app-1a2b.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const br = await asset('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');

    const gz = await asset('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const plain of [await asset(), await asset('identity')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
    // A file without copies is sent as it is to every browser.
    const svg = await ctx.app.server.inject({
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.body).toContain('<svg');
  });

  it("logs no access line at info for the console's files, as it does for the API", async () => {
    logged.length = 0;
    await get('/assets/app-1a2b.js');
    await get('/favicon.svg');
    await get('/api/v1/ping');
    const urls = logged.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
    expect(urls).toEqual(['/api/v1/ping']);
  });

  it("answers the console's own routes with index.html, for its router", async () => {
    for (const path of [
      '/dashboard',
      '/authn-callback?code=x&state=y',
      '/docs/getting-started',
      '/de-DE/playground',
    ]) {
      const r = await get(path);
      expect(r.statusCode, path).toBe(200);
      expect(r.body, path).toContain('<script src="/assets/app-1a2b.js"></script>');
    }
  });

  it('keeps JSON errors for the API and the provider, and 404 for other methods', async () => {
    const api = await get('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      code: 404,
      message: 'Resource not found',
      details: { reason: 'not_found' },
    });
    expect((await get('/api')).statusCode).toBe(404);
    expect((await get('/dashboard', 'POST')).statusCode).toBe(404);
  });

  it('never serves files outside its directory', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const r = await get(path);
      expect(r.body, path).not.toContain('"name"');
    }
  });
});
