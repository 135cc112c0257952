import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@slugsmith/test-support';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Generator, PatternError, SAMPLE_BUNDLE } from '../src/index.js';

/**
 * G1/G8 determinism across runtimes: the package source, bundled as browser ESM, runs in real
 * Chromium and must reproduce test-vectors.json and the Node results bit for bit.
 */

interface Vectors {
  slugs: { pattern: string; seed: string; sequence: string; slugs: string[] }[];
  info: { pattern: string; info: unknown }[];
  errors: { pattern: string; message: string; start: number; end: number }[];
}
const vectorsText = readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8');
const vectors: Vectors = JSON.parse(vectorsText);

/** Extra cases beyond the file: big sequences, many limbs, padded layouts, mixed case, emoji, random-free. */
const EXTRA: { pattern: string; seed: string; sequence: string; count: number }[] = [
  { pattern: '{number:18d}{special:0-12}', seed: 'edge', sequence: '18446744073709551000', count: 40 },
  { pattern: '{number:16x}', seed: 'edge', sequence: '18446744073709551600', count: 16 },
  { pattern: '{aDjEcTiVe}-{nOUN}-{VERB}-{Adverb}', seed: 'ünï 🌍', sequence: '123456', count: 70 },
  {
    pattern: '{emoji:count=0-6 unique=true}|{emoji:+face count=1-3}',
    seed: 's',
    sequence: '99999999',
    count: 70,
  },
  {
    pattern: '{number:15R}.{number:7r}.{special:7}.{number:12X}',
    seed: 'x',
    sequence: '4294967296',
    count: 70,
  },
  { pattern: '{suffix}', seed: 'tiny', sequence: '0', count: 7 },
];

interface PageResult {
  slugs: string[][];
  info: unknown[];
  errors: { name: string; isPatternError: boolean; message: string; start: number; end: number }[];
  extra: string[][];
  userAgent: string;
  failure?: string;
}

let server: Server;
let browser: Browser;
let page: Page;
let origin: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const engine = bundled.outputFiles[0].text;
  server = createServer((req, res) => {
    const routes: Record<string, [string, string]> = {
      '/': [
        'text/html',
        '<!doctype html><meta charset="utf-8"><title>slugsmith vectors</title><script type="module" src="/runner.js"></script>',
      ],
      '/runner.js': ['text/javascript', RUNNER],
      '/engine.js': ['text/javascript', engine],
      '/vectors.json': ['application/json', vectorsText],
      '/extra.json': ['application/json', JSON.stringify(EXTRA)],
    };
    const hit = routes[req.url ?? ''];
    res.writeHead(hit ? 200 : 404, { 'content-type': hit ? `${hit[0]}; charset=utf-8` : 'text/plain' });
    res.end(hit ? hit[1] : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (e) => {
    pageErrors.push(String(e));
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/**
 * The in-page runner, plain browser JavaScript (kept out of the Vitest transform): imports the
 * bundled engine, runs every vector and the extra cases, and leaves the result on window.
 */
const RUNNER = `
try {
  const m = await import('/engine.js');
  const v = await (await fetch('/vectors.json')).json();
  const extra = await (await fetch('/extra.json')).json();
  const g = new m.Generator(m.SAMPLE_BUNDLE);
  const errors = v.errors.map((x) => {
    try {
      g.patternInfo(x.pattern);
      return { name: 'none', isPatternError: false, message: '', start: -1, end: -1 };
    } catch (e) {
      return { name: e.name, isPatternError: e instanceof m.PatternError, message: e.message, start: e.start, end: e.end };
    }
  });
  window.__result = {
    slugs: v.slugs.map((x) => g.forge(x.pattern, { seed: x.seed, sequence: x.sequence, count: x.slugs.length })),
    info: v.info.map((x) => g.patternInfo(x.pattern)),
    errors,
    extra: extra.map((x) => g.forge(x.pattern, { seed: x.seed, sequence: x.sequence, count: x.count })),
    userAgent: navigator.userAgent,
  };
} catch (e) {
  window.__result = { failure: String((e && e.stack) || e) };
}
`;

async function runInPage(): Promise<PageResult> {
  await page.goto(`${origin}/`);
  const handle = await page.waitForFunction(() => (window as unknown as { __result?: PageResult }).__result);
  return (await handle.jsonValue()) as PageResult;
}

describe('determinism in Chromium', { timeout: 120_000 }, () => {
  const node = new Generator(SAMPLE_BUNDLE);

  it('reproduces test-vectors.json and the Node results', async () => {
    const r = await runInPage();
    expect(r.failure).toBeUndefined();
    expect(pageErrors).toEqual([]);
    expect(r.userAgent).toMatch(/Chrome\//);

    expect(r.slugs).toHaveLength(vectors.slugs.length);
    vectors.slugs.forEach((v, i) => {
      expect(r.slugs[i], `${v.pattern} seed=${v.seed} @${v.sequence}`).toEqual(v.slugs);
    });
    vectors.info.forEach((v, i) => {
      expect(r.info[i], v.pattern).toEqual(v.info);
    });
    vectors.errors.forEach((v, i) => {
      expect(r.errors[i], v.pattern).toEqual({
        name: 'PatternError',
        isPatternError: true,
        message: v.message,
        start: v.start,
        end: v.end,
      });
    });

    const inNode = EXTRA.map((x) =>
      node.forge(x.pattern, { seed: x.seed, sequence: x.sequence, count: x.count }),
    );
    expect(r.extra).toEqual(inNode);
    // The extra cases are real work, not empty output.
    expect(r.extra.flat()).toHaveLength(EXTRA.reduce((a, x) => a + x.count, 0));
    expect(new Set(r.extra[2]).size).toBe(70);
  });

  it('the Node side agrees with the same vectors (the comparison is not vacuous)', () => {
    for (const v of vectors.slugs.slice(0, 10)) {
      expect(node.forge(v.pattern, { seed: v.seed, sequence: v.sequence, count: v.slugs.length })).toEqual(
        v.slugs,
      );
    }
    expect(() => node.patternInfo(vectors.errors[0].pattern)).toThrow(PatternError);
  });
});
