/**
 * A series whose pattern reads German words shows the language bundle it pins on its page
 * (issue 35 items 5, 6), in Chromium against the real server.
 */
import { languageBundleStore } from '@slugsmith/dictionaries';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { apiAs, newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('the series page shows the pinned German bundle next to the English one', async () => {
  const context = await newContext(browser, server);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const token = await signUpWithApi(page, server, newPerson('pins'));
  const org = await apiAs<{ slug: string }>(server, token, 'POST', '/orgs', { name: 'Pins' });
  expect(org.status).toBe(201);
  const series = await apiAs<{ slug: string; bundle: string }>(
    server,
    token,
    'POST',
    `/orgs/${org.body.slug}/series`,
    { name: 'Deutsch', pattern: '{adjective@de}-{noun@de}' },
  );
  expect(series.status).toBe(201);

  await page.goto(`/dashboard/org/${org.body.slug}/series/${series.body.slug}`);
  const pinned = page.getByTestId('series-language-bundles');
  await pinned.getByText('Language bundles').waitFor();
  await pinned.getByText(`de ${languageBundleStore('de').currentBundleId}`, { exact: true }).waitFor();
  await page.getByTestId('series-usage').getByText(series.body.bundle).waitFor();
  await context.close();
});
