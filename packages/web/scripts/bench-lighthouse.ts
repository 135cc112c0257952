/**
 * Lighthouse (from npm) against the built server and console, in Debian's Chromium: for each page
 * and preset (mobile: Lighthouse's default phone with CPU and network throttling; desktop) the best
 * of N runs by performance, with the four category scores, LCP, TBT, CLS and bytes transferred.
 * Build first: `npm run build`, then `npm run bench:lighthouse -w @slugsmith/web`
 * (`-- --runs 1` for a quick look, `-- --pages /,/docs` for some pages, `-- --presets mobile` for one preset, `-- --dist <dir>` another
 * build of the console than dist/, `-- --save <dir>` keeps each best run's full report as JSON for
 * its audits: bootup-time, unused-javascript, mainthread-work-breakdown, …).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@slugsmith/test-support';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startBuiltServer, stopBuiltServer } from './built-server.js';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const dist = resolve(option('dist') ?? join(fileURLToPath(new URL('..', import.meta.url)), 'dist'));
const saveDir = option('save');
const runs = Number(option('runs') ?? 3);
const PAGES = option('pages')?.split(',') ?? [
  '/',
  '/playground',
  '/docs',
  '/docs/getting-started',
  '/products',
  '/stats',
];
const PRESETS = (option('presets')?.split(',') ?? ['mobile', 'desktop']) as Row['preset'][];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  page: string;
  preset: 'mobile' | 'desktop';
  scores: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kB: number;
  /** JavaScript bytes the page's first load parsed (uncompressed script sizes). */
  jsKB: number;
}

/** Uncompressed bytes of the scripts the page loaded (what the phone parses and compiles). */
function scriptKB(lhr: Result): number {
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items;
  return (items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.resourceSize ?? 0) / 1000, 0);
}
interface NetworkItem {
  resourceType?: string;
  resourceSize?: number;
}

function rowOf(page: string, preset: Row['preset'], lhr: Result): Row {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    preset,
    scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    kB: audit('total-byte-weight') / 1000,
    jsKB: scriptKB(lhr),
  };
}

async function main(): Promise<void> {
  const server = await startBuiltServer(dist);
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: [...CHROMIUM_ARGS] });
  const rows: Row[] = [];
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    for (const page of PAGES) {
      for (const preset of PRESETS) {
        let best: Row | undefined;
        let bestReport: Result | undefined;
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(
            `${server.url}${page}`,
            flags,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`lighthouse gave no result for ${page}`);
          const row = rowOf(page, preset, result.lhr);
          if (!best || row.scores[0] > best.scores[0]) {
            best = row;
            bestReport = result.lhr;
          }
        }
        if (best) rows.push(best);
        if (saveDir && bestReport) {
          await mkdir(saveDir, { recursive: true });
          const name = `${page.replace(/\W+/g, '_') || '_'}.${preset}.json`;
          await writeFile(join(saveDir, name), JSON.stringify(bestReport));
        }
        console.error(`measured ${page} (${preset})`);
      }
    }
  } finally {
    chrome.kill();
    await stopBuiltServer(server);
  }
  const cells = (values: (string | number)[]) =>
    values.map((v, i) => (i < 2 ? String(v).padEnd(i === 0 ? 24 : 8) : String(v).padStart(8))).join('');
  console.log(
    cells(['page', 'preset', 'perf', 'a11y', 'best-pr', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'kB', 'JS kB']),
  );
  for (const r of rows)
    console.log(
      cells([
        r.page,
        r.preset,
        ...r.scores,
        Math.round(r.lcpMs),
        Math.round(r.tbtMs),
        r.cls.toFixed(3),
        Math.round(r.kB),
        Math.round(r.jsKB),
      ]),
    );
  console.log(JSON.stringify({ runs, rows }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
