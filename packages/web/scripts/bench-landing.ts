/**
 * Measures the cold landing page as a first-time visitor loads it: the built server
 * (`packages/server/dist/main.js`, PGlite in memory) serves the built console, a fresh Chromium
 * context (empty cache) opens `/` and waits until the network is idle. Two runs side by side:
 *
 *   uncompressed   a copy of `dist/` without the precompressed `.br`/`.gz` files (as before)
 *   precompressed  `dist/` as built
 *
 * It prints requests and bytes on the wire (headers included, as Chromium counts them) per
 * resource type. Build first: `npm run build`, then `npm run bench:landing -w @slugsmith/web`.
 * `-- --urls` lists every request; `-- <dir>` measures another build of the console than dist/.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@slugsmith/test-support';
import type { Browser } from 'playwright-core';
import { startBuiltServer, stopBuiltServer } from './built-server.js';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(webDir, 'dist'));

interface Tally {
  requests: number;
  bytes: number;
}
type Measurement = Map<string, Tally>;

/** With `--urls`, every request of the precompressed run is listed with its bytes. */
const listUrls = process.argv.includes('--urls');

/** One cold visit of `/`: every request Chromium made and the bytes it received for each. */
async function visit(browser: Browser, url: string, log?: string[]): Promise<Measurement> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const byType: Measurement = new Map();
  const count = (type: string, requests: number, bytes: number) => {
    const tally = byType.get(type) ?? { requests: 0, bytes: 0 };
    byType.set(type, { requests: tally.requests + requests, bytes: tally.bytes + bytes });
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    const type = (event.type ?? 'Other').toLowerCase();
    types.set(event.requestId, type);
    urls.set(event.requestId, event.request.url.slice(url.length));
    // A redirect reuses the request id: it is one more request on the wire.
    count(type, 1, 0);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId);
    if (type) count(type, 0, event.encodedDataLength);
    if (type && log)
      log.push(
        `${String(event.encodedDataLength).padStart(9)}  ${type.padEnd(11)} ${urls.get(event.requestId)}`,
      );
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await context.close();
  return byType;
}

async function measure(browser: Browser, webDist: string, log?: string[]): Promise<Measurement> {
  const server = await startBuiltServer(webDist);
  try {
    // A first visit warms the server (its caches, V8) so that both runs see the same server state.
    await visit(browser, server.url);
    return await visit(browser, server.url, log);
  } finally {
    await stopBuiltServer(server);
  }
}

function total(measurement: Measurement): Tally {
  let requests = 0;
  let bytes = 0;
  for (const tally of measurement.values()) {
    requests += tally.requests;
    bytes += tally.bytes;
  }
  return { requests, bytes };
}

function report(before: Measurement, after: Measurement): void {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const row = (cells: string[]) =>
    console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(12) : cell.padStart(16))).join(''));
  row(['type', 'uncompressed', '', 'precompressed', '']);
  row(['', 'requests', 'transferred', 'requests', 'transferred']);
  const types = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const type of types) {
    const b = before.get(type) ?? { requests: 0, bytes: 0 };
    const a = after.get(type) ?? { requests: 0, bytes: 0 };
    row([type, String(b.requests), kB(b.bytes), String(a.requests), kB(a.bytes)]);
  }
  const b = total(before);
  const a = total(after);
  row(['total', String(b.requests), kB(b.bytes), String(a.requests), kB(a.bytes)]);
  console.log(
    `precompressed transfers ${((100 * a.bytes) / b.bytes).toFixed(1)} % of the uncompressed bytes`,
  );
}

async function main(): Promise<void> {
  const plain = await mkdtemp(join(tmpdir(), 'slugsmith-landing-'));
  const browser = await launchChromium();
  try {
    await cp(dist, plain, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
    const before = await measure(browser, plain);
    const log: string[] = [];
    const after = await measure(browser, dist, listUrls ? log : undefined);
    if (listUrls) console.log(`${log.join('\n')}\n`);
    report(before, after);
  } finally {
    await browser.close();
    await rm(plain, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
