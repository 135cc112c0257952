/**
 * End-to-end tests in Chromium: serves the built console (dist/, built by `npm run build`) like the
 * server will (static files, index.html for other paths) and drives Debian's Chromium through
 * playwright-core.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { pageSettled } from '@slugsmith/test-support';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { puzzleFromSlug } from '../src/routes/sudoku/sudoku-puzzle.js';
import { launchChromium } from './chromium.js';
import { patternExamples } from './fixtures.js';
import { type Harness, startHarness } from './harness.js';
import { seriousViolations, settled } from './page-checks.js';
import { snapshotDist } from './real-server.js';

/** A private copy of the built console (packages/web/dist). */
let dist: string;
let browser: Browser;
/** The generation API answered by the real engine, pattern examples served. */
let live: Harness;
/** No API at all: every /api path answers 404. */
let bare: Harness;
/** Pattern examples served, generation API missing. */
let noGen: Harness;

beforeAll(async () => {
  dist = await snapshotDist();
  const documents = { 'pattern-examples': patternExamples() };
  [live, bare, noGen] = await Promise.all([
    startHarness({ dist, api: 'generator', documents }),
    startHarness({ dist, api: 'none' }),
    startHarness({ dist, api: 'none', documents }),
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([live?.close(), bare?.close(), noGen?.close()]);
  await rm(dist, { recursive: true, force: true });
});

interface ContextOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  width?: number;
  /** Dismiss the one-time development warning up front (default true). */
  quiet?: boolean;
}

async function open(
  harness: Harness,
  path: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: harness.url,
    locale: options.locale ?? 'en-GB',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  if (options.quiet !== false)
    await context.addInitScript(() => localStorage.setItem('dev-warning-dismissed', 'true'));
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('routing', () => {
  it('applies the language prefix: supported and base codes; unknown codes and pages are not found', async () => {
    const { context, page } = await open(bare, '/de-de/playground?pattern=%7Bnoun%7D#top');
    await page.waitForURL((u) => u.pathname === '/playground');
    expect(new URL(page.url()).search).toBe('?pattern=%7Bnoun%7D');
    expect(new URL(page.url()).hash).toBe('#top');
    await expect.poll(() => htmlLang(page)).toBe('de-DE');
    expect(await stored(page, 'language')).toBe('de-DE');
    await page.getByRole('heading', { name: 'Playground', level: 1 }).waitFor();
    expect(await page.title()).toBe('Playground - Slugsmith');

    await page.goto('/sr/stats');
    await page.waitForURL((u) => u.pathname === '/stats');
    await expect.poll(() => htmlLang(page)).toBe('sr-Cyrl');
    await page.getByRole('heading', { name: 'Статистика', level: 1 }).waitFor();

    // An unknown page is not found, not the home page; a language the console lacks sets the
    // default language and keeps the rest of the path.
    await page.goto('/de-DE/faq?x=1');
    await page.waitForURL((u) => u.pathname === '/404');
    await expect.poll(() => htmlLang(page)).toBe('de-DE');
    await page.goto('/pt-BR/foo/bar');
    await page.waitForURL((u) => u.pathname === '/404');
    await expect.poll(() => htmlLang(page)).toBe('en-GB');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // Articles are linked from the header beside Documentation.
    const articles = page.getByRole('banner').getByRole('link', { name: 'Articles', exact: true });
    expect(await articles.getAttribute('href')).toBe('/articles');
    await context.close();
  });

  it('sets page titles by route', async () => {
    const { context, page } = await open(bare, '/');
    const titles: [string, string][] = [
      ['/', 'Human-Readable ID Generation - Slugsmith'],
      ['/playground', 'Playground - Slugsmith'],
      ['/docs/getting-started', 'Documentation - Slugsmith'],
      ['/articles/why', 'Doc - Slugsmith'],
      ['/products/pro', 'Subscription Plan - Slugsmith'],
      ['/products/feature-matrix', 'Feature Matrix - Slugsmith'],
      ['/stats', 'Statistics - Slugsmith'],
      ['/404', 'Page Not Found - Slugsmith'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }
    await page.goto('/documentation');
    await page.waitForURL((u) => u.pathname === '/docs');
    await context.close();
  });

  it('sends unknown paths to /404 and signed-in pages to /login with returnTo', async () => {
    const { context, page } = await open(bare, '/no/such/page');
    await page.waitForURL((u) => u.pathname === '/404');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/dashboard/org/acme?tab=keys');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard/org/acme?tab=keys');
    await context.close();
  });
});

describe('layout', () => {
  it('keeps the theme across reloads and follows the system while nothing is stored', async () => {
    const { context, page } = await open(bare, '/', { colorScheme: 'dark' });
    expect(await scheme(page)).toBe('dark');
    expect(await stored(page, 'theme')).toBeNull();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => scheme(page)).toBe('light');
    expect(await stored(page, 'theme')).toBe('light');
    await page.reload();
    expect(await scheme(page)).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => stored(page, 'theme')).toBe('dark');
    await page.reload();
    expect(await scheme(page)).toBe('dark');
    await context.close();
  });

  it('switches language through the searchable dialog and keeps it across reloads', async () => {
    const { context, page } = await open(bare, '/');
    await expect.poll(() => htmlLang(page)).toBe('en-GB');
    await page.getByRole('button', { name: /Language: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a language' });
    await dialog.getByLabel('Search languages').fill('klingon');
    await dialog.getByText('No results').waitFor();
    await dialog.getByLabel('Search languages').fill('DEUTSCH');
    await dialog.getByRole('listitem').filter({ hasText: 'Deutsch' }).click();
    await expect.poll(() => htmlLang(page)).toBe('de-DE');
    await page.getByRole('button', { name: 'Produkte' }).waitFor();
    expect(await stored(page, 'language')).toBe('de-DE');
    expect(Date.parse((await stored(page, 'language-set-at')) ?? '')).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => htmlLang(page)).toBe('de-DE');
    await expect.poll(() => page.title()).toBe('Menschenlesbare IDs erzeugen - Slugsmith');
    await context.close();
  });

  it('detects the browser language with base-language fallback (sr → Cyrillic)', async () => {
    const { context, page } = await open(bare, '/', { locale: 'sr' });
    await expect.poll(() => htmlLang(page)).toBe('sr-Cyrl');
    await page.getByRole('link', { name: 'Пешчаник' }).first().waitFor();
    await context.close();
  });

  it('shows the development warning once, one second after load', async () => {
    const { context, page } = await open(bare, '/', { quiet: false });
    const dialog = page.getByRole('dialog', { name: 'Development environment' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'I understand' }).click();
    expect(await stored(page, 'dev-warning-dismissed')).toBe('true');
    // The page's clock, not a wait: after the reload, run its timers well past the one second.
    await page.clock.install();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (let i = 0; i < 3; i++) {
      await page.clock.runFor(2_000);
      await pageSettled(page, { timers: false });
    }
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('hides the statistics ticker when the statistics call fails', async () => {
    const { context, page } = await open(bare, '/');
    // Once the page has the failed answer (404: the bare harness has no API) and has handled it.
    const failed = page.waitForEvent('requestfinished', (r) => r.url().endsWith('/api/v1/stats/total'));
    await page.reload();
    expect((await (await failed).response())?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await pageSettled(page);
    expect(await page.getByRole('region', { name: 'Live statistics' }).count()).toBe(0);
    await context.close();
  });

  it('shows the flag of the current language as a drawing, not an emoji a system may lack', async () => {
    const { context, page } = await open(bare, '/', { locale: 'ko-KR' });
    const button = page.getByRole('button', { name: /^ko-KR · / });
    await button.waitFor();
    expect(await button.locator('svg').count()).toBe(1);
    expect(await button.textContent()).not.toContain('🇰🇷');
    await context.close();
  });

  it('opens the mobile menu', async () => {
    const { context, page } = await open(bare, '/', { width: 390 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Feature Matrix' }).click();
    await page.waitForURL((u) => u.pathname === '/products/feature-matrix');
    await context.close();
  });
});

describe('sign-in', () => {
  it('asks for cookie consent before sign-in: first view, detail view, accept', async () => {
    const { context, page } = await open(bare, '/login?returnTo=%2Fplayground');
    await page.getByRole('heading', { name: 'Welcome to Slugsmith' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Cookies' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Learn More' }).click();
    const detail = page.getByRole('dialog', { name: 'About our cookies' });
    await detail.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Accept and Continue' }).click();
    expect(await stored(page, 'cookieConsent')).toBe('accepted');
    // The sign-in redirect starts with the provider's discovery document (none in this harness).
    await expect.poll(() => bare.requests.includes('GET /oidc/.well-known/openid-configuration')).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toBe('/playground');
    await context.close();
  });

  it('completes the callback page with its waiting text', async () => {
    const { context, page } = await open(bare, '/authn-callback');
    await page.getByText(/Completing login\.\.\.|Sign-in could not be completed\./).waitFor();
    await expect.poll(() => page.title()).toBe('Slugsmith');
    await context.close();
  });
});

describe('landing page', () => {
  it('shows live slugs from the API in the hero, N of M and capacity', async () => {
    const { context, page } = await open(live, '/');
    const position = page.getByTestId('hero-position');
    await position.waitFor();
    expect(await position.textContent()).toMatch(/^[1-5] of 5$/);
    const card = page.getByTestId('hero-card');
    const pattern = (await card.getByTestId('hero-pattern').textContent()) ?? '';
    const slug = (await card.getByRole('button', { name: /^Copy / }).textContent()) ?? '';
    expect(slug.length).toBeGreaterThan(3);
    expect(pattern).toMatch(/\{/);
    // The generator client signs with the public SDK config: config, key, then signed calls.
    expect(live.requests).toEqual(
      expect.arrayContaining(['GET /api/v1/console-config', 'POST /api/v1/jwks']),
    );
    expect(live.signed).toContain('POST /api/v1/gen/forge');
    await card.getByText(/^Capacity: /).waitFor();
    // Gallery cards with at most three patterns and the "+N more" line.
    await page.getByText('+1 more pattern').waitFor();
    // Content blocks are absent from the document store: placeholders.
    await page.getByTestId('placeholder-core-value-proposition').waitFor();
    // The preview generates three samples.
    await page.getByRole('button', { name: 'Generate' }).click();
    const preview = page.locator('section', { has: page.getByRole('heading', { name: 'Try a pattern' }) });
    await expect.poll(() => preview.getByRole('button', { name: /^Copy / }).count()).toBe(3);
    await context.close();
  });

  it('shows the error line when slugs cannot be generated, and the examples error without examples', async () => {
    const first = await open(noGen, '/');
    await first.page.getByTestId('hero-error').filter({ hasText: 'Failed to generate slugs' }).waitFor();
    await first.context.close();
    const second = await open(bare, '/');
    await second.page
      .getByTestId('hero-error')
      .filter({ hasText: 'Failed to load pattern examples' })
      .waitFor();
    await second.page.getByText('Failed to load the use cases.').waitFor();
    await second.context.close();
  });

  it('keeps the landing route under 300 kB of gzipped JavaScript', async () => {
    const { context, page } = await open(live, '/');
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.add(new URL(r.url()).pathname);
    });
    await page.reload();
    await page.getByTestId('hero-card').waitFor();
    let total = 0;
    for (const path of scripts) total += gzipSync(readFileSync(`${dist}${path}`)).length;
    console.log(
      `landing route JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} kB gzip: ${[...scripts].join(' ')}`,
    );
    expect(total).toBeLessThan(300 * 1024);
    await context.close();
  });
});

describe('playground', () => {
  it('underlines the parser message at its position and forges a valid pattern', async () => {
    const invalid = '{adjective}-{noun:+animal}-{number:0d}';
    const { context, page } = await open(live, `/playground?pattern=${encodeURIComponent(invalid)}`);
    const message = page.getByTestId('pattern-error');
    await message.waitFor();
    expect(await message.textContent()).toBe('Max length must be greater than 0 (at character 36)');
    const mark = page.getByTestId('pattern-error-mark');
    expect(await mark.getAttribute('data-start')).toBe('35');
    expect(await mark.textContent()).toBe('0');
    // The mark sits over the "0" of the textarea: same line, inside its box.
    const input = page.getByTestId('pattern-input');
    const [m, box] = [await mark.boundingBox(), await input.boundingBox()];
    expect(m && box && m.x > box.x && m.x + m.width < box.x + box.width && m.y >= box.y).toBe(true);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    // Fix it: select all, type a valid pattern, forge.
    await input.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{adjective}-{noun}-{number:3d}');
    await page.keyboard.press('Escape');
    await expect.poll(() => message.count()).toBe(0);
    await page.getByLabel('Count').fill('5');
    await page.getByTestId('forge-button').click();
    const results = page.getByTestId('forge-results');
    await results.waitFor();
    const slugs = await results.getByRole('button', { name: /^Copy / }).allTextContents();
    expect(slugs).toHaveLength(5);
    for (const s of slugs) expect(s).toMatch(/^[a-z]+-[a-z]+-\d{3}$/);
    await page.getByTestId('pattern-info').getByText('Capacity').waitFor();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('pattern'))
      .toBe('{adjective}-{noun}-{number:3d}');
    await context.close();
  });

  it('grows the editor with a wrapped pattern on a 390 px screen: the underline stays inside, above the message', async () => {
    const invalid = '{adjective}-{noun:+animal}-{number:0d}';
    const { context, page } = await open(live, `/playground?pattern=${encodeURIComponent(invalid)}`, {
      width: 390,
    });
    const message = page.getByTestId('pattern-error');
    await message.waitFor();
    const mark = page.getByTestId('pattern-error-mark');
    const [m, editor, input, mirror, text] = await Promise.all(
      [
        mark,
        page.getByTestId('pattern-editor'),
        page.getByTestId('pattern-input'),
        page.getByTestId('pattern-mirror'),
        message,
      ].map((l) => l.boundingBox()),
    );
    if (!m || !editor || !input || !mirror || !text) throw new Error('a part of the editor is not laid out');
    // The pattern wraps at this width: the box holds more than one line.
    const lineHeight = await page
      .getByTestId('pattern-editor')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(mirror.height).toBeGreaterThan(2 * lineHeight);
    // Textarea and highlighted copy are one box.
    expect(Math.abs(input.height - mirror.height)).toBeLessThan(1);
    expect(Math.abs(input.y - mirror.y)).toBeLessThan(1);
    // The marked "0" and its wavy underline (3 px offset, 2 px thick) lie inside the box ...
    expect(m.x).toBeGreaterThanOrEqual(editor.x);
    expect(m.x + m.width).toBeLessThanOrEqual(editor.x + editor.width);
    expect(m.y).toBeGreaterThanOrEqual(editor.y);
    expect(m.y + m.height + 6).toBeLessThanOrEqual(editor.y + editor.height);
    // ... and the message comes after the box, below the underline.
    expect(text.y).toBeGreaterThanOrEqual(editor.y + editor.height);
    await context.close();
  });

  it('shows the count messages of §5', async () => {
    const { context, page } = await open(live, '/playground');
    await page.getByLabel('Count').fill('0');
    await page.getByTestId('forge-button').click();
    await page.getByText('Count must be a positive number').waitFor();
    await page.getByLabel('Count').fill('5000');
    // The figure with the reader's separators, as every interpolated number.
    await page.getByText('Count is too large (maximum: 1,000)').waitFor();
    await context.close();
  });

  it('shows the parser message in the interface language', async () => {
    const invalid = '{adjective}-{noun:+animal}-{number:0d}';
    const { context, page } = await open(live, `/playground?pattern=${encodeURIComponent(invalid)}`, {
      locale: 'de-DE',
    });
    const message = page.getByTestId('pattern-error');
    await message.waitFor();
    expect(await message.textContent()).toBe('Die maximale Länge muss größer als 0 sein (bei Zeichen 36)');
    await context.close();
  });

  it('completes a tag with the keyboard', async () => {
    const { context, page } = await open(live, '/playground?pattern=');
    const input = page.getByTestId('pattern-input');
    await input.click();
    await page.keyboard.type('{noun:+ani');
    const list = page.getByTestId('suggestions');
    await list.getByRole('option', { name: /animal/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('{noun:+animal');
    await page.keyboard.type('}');
    await expect.poll(() => input.inputValue()).toBe('{noun:+animal}');
    expect(await page.getByTestId('pattern-error').count()).toBe(0);
    await context.close();
  });

  it('explains that Mint and Slice need a series', async () => {
    const { context, page } = await open(live, '/playground');
    await page.getByRole('tab', { name: 'Mint' }).click();
    await page.getByText(/Both work on a series/).waitFor();
    await page.getByRole('link', { name: 'Sign in to use your series' }).waitFor();
    await context.close();
  });
});

describe('auxiliary pages (§2.2)', () => {
  let aux: { context: BrowserContext; page: Page };
  const cellDigits = () =>
    aux.page.$$eval('[data-testid="sudoku-board"] [role="gridcell"]', (cells) =>
      cells.map((c) => Number(c.textContent || 0)),
    );

  beforeAll(async () => {
    aux = await open(live, '/sudoku');
    // What the stand-in lacks of the server's public calls, for the self-check.
    await aux.context.route(/\/api\/v1\/(ping|stats\/total)$/, (route) =>
      route.fulfill({ json: route.request().url().endsWith('/ping') ? { status: 'ok' } : [] }),
    );
  });
  afterAll(() => aux?.context.close());

  it('sudoku: a new puzzle gets a forged slug in the address; a slug names the same puzzle as the engine', async () => {
    const { page } = aux;
    await page.waitForURL((u) => /^[a-z]+-[a-z]+-\d{3}$/.test(u.searchParams.get('p') ?? ''));
    await page.getByTestId('sudoku-board').waitFor();
    expect(await cellDigits()).toEqual(
      puzzleFromSlug(new URL(page.url()).searchParams.get('p') ?? '').givens,
    );
    expect(await page.title()).toBe('Sudoku - Slugsmith');
    // A typed name opens its puzzle (case does not matter); one that cannot be a name says why.
    await page.getByTestId('sudoku-name').fill('x'.repeat(81));
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    expect(await page.getByTestId('sudoku-name').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('sudoku-name').fill('Brave-Otter-042');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('p') === 'brave-otter-042');
    await expect.poll(cellDigits).toEqual(puzzleFromSlug('brave-otter-042').givens);
  });

  it('sudoku: clashes are shown, given cells stay, the arrows move, and the solved grid says so', async () => {
    const { page } = aux;
    // The puzzle named by the address, fresh (what the test before it typed, whatever ran first).
    await page.goto('/sudoku?p=brave-otter-042');
    await page.getByTestId('sudoku-board').waitFor();
    const { givens, solution } = puzzleFromSlug('brave-otter-042');
    const empty = givens.flatMap((d, cell) => (d === 0 ? [cell] : []));
    const cell = (i: number) => page.locator(`[data-cell="${i}"]`);
    // A digit given elsewhere in the first empty cell's row clashes.
    const first = empty[0];
    const rowStart = first - (first % 9);
    await cell(first).click();
    await page.keyboard.press(String(givens.slice(rowStart, rowStart + 9).find((d) => d > 0)));
    await page.getByTestId('sudoku-clashes').waitFor();
    expect(await cell(first).getAttribute('aria-label')).toContain('clashes');
    const given = givens.findIndex((d) => d > 0);
    await cell(given).click();
    await page.keyboard.press('Backspace');
    expect(await cell(given).textContent()).toBe(String(givens[given]));
    await cell(0).click();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-cell'))).toBe('9');
    // The rest through the same handlers, dispatched in the page (one round trip, not a hundred).
    await page.evaluate(
      ({ cells, digits }) =>
        cells.forEach((i, n) => {
          const el = document.querySelector<HTMLElement>(`[data-cell="${i}"]`);
          el?.click();
          el?.dispatchEvent(new KeyboardEvent('keydown', { key: String(digits[n]), bubbles: true }));
        }),
      { cells: empty, digits: empty.map((i) => solution[i]) },
    );
    await page.getByTestId('sudoku-solved').waitFor();
    expect(await cellDigits()).toEqual(solution);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect.poll(() => scheme(page)).toBe(colorScheme);
      await settled(page);
      expect(await seriousViolations(page), colorScheme).toEqual([]);
    }
  });

  it('sudoku: a page that fails shows the route error fallback, which goes when the path changes', async () => {
    const { context, page } = await open(live, '/');
    await page.getByTestId('hero-card').waitFor();
    // The page's code cannot be loaded: what an old tab meets after a new version was deployed.
    await context.route(/\/assets\/sudoku-page-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sudoku', exact: true }).click();
    const fallback = page.getByRole('alert').filter({ hasText: 'This page failed to load' });
    await fallback.waitFor();
    expect(await fallback.innerText()).toContain('The Sudoku page ran into an error.');
    expect(await fallback.innerText()).toContain('A new version of Slugsmith may have been released');
    await fallback.getByRole('link', { name: 'Go to the playground' }).click();
    await page.getByRole('heading', { name: 'Playground', level: 1 }).waitFor();
    expect(await page.getByText('This page failed to load').count()).toBe(0);
    // The landing page loaded none of the auxiliary pages' code. The footer shows customers none of
    // the operator's pages (the self-hosting document links them: docs-real.test.ts).
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(scripts.filter((s) => /(demo-elements|test-functionality)-page/.test(s))).toEqual([]);
    const footer = page.getByRole('contentinfo');
    expect(await footer.locator('a[href$="/demo-elements"], a[href$="/test-functionality"]').count()).toBe(0);
    await context.close();
  });

  it('test-functionality: the public checks pass with timings, the signed-in ones are skipped; Run again', async () => {
    const { page } = aux;
    await page.goto('/test-functionality');
    const row = (id: string) => page.getByTestId(`check-${id}`);
    await expect
      .poll(() => page.getByTestId('check-summary').innerText(), { timeout: 15_000 })
      .toBe('Passed: 7 · Failed: 0 · Skipped: 3');
    expect(await row('forge').innerText()).toMatch(/\d+ ms/);
    expect(await row('patternInfo').getByTestId('check-detail').innerText()).toMatch(
      /^Capacity: [\d.,]+[KMBT]?$/,
    );
    for (const id of ['orgs', 'series', 'sdkSigned'])
      expect(await row(id).innerText(), id).toContain('Skipped: sign in');
    // The generator checks were signed with the console's SDK key.
    const forges = () => live.signed.filter((r) => r === 'POST /api/v1/gen/forge').length;
    const before = forges();
    await page.getByTestId('check-again').click();
    await expect.poll(forges).toBe(before + 1);
    await expect.poll(() => page.getByTestId('check-summary').innerText()).toContain('Passed: 7');
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('demo-elements: the real components, switched to dark and back on the page, without axe violations', async () => {
    const { page } = aux;
    await page.goto('/demo-elements');
    for (const id of [
      'buttons',
      'inputs',
      'alerts',
      'badges',
      'copy',
      'pattern',
      'tables',
      'states',
      'dialogs',
    ])
      await page.getByTestId(`demo-${id}`).waitFor();
    // The real pattern editor underlines the error at its position.
    await page.getByTestId('demo-pattern').getByTestId('pattern-error').waitFor();
    for (const wanted of ['Dark', 'Light'] as const) {
      await page.getByTestId('demo-theme').getByText(wanted).click();
      await expect.poll(() => scheme(page)).toBe(wanted.toLowerCase());
      await settled(page);
      expect(await seriousViolations(page), wanted).toEqual([]);
    }
  });
});
