/**
 * Draft and publish in Chromium against the real server (issue 31 item 14): staff edit a published
 * document, the saved edit is a draft (badge in the list and the editor, the preview shows it on
 * reload) while the public page keeps the published text; "Publish changes" shows it; a later
 * draft is discarded and the editor is back on the published text. axe-checked in both schemes.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, signInWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { checkSchemes } from './page-checks.js';
import { apiAs, newContext, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;
let staffContext: BrowserContext;
let staff: Page;
let staffToken = '';
let readerContext: BrowserContext;
let reader: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
  staffContext = await newContext(browser, server);
  staff = await staffContext.newPage();
  staffToken = await signInWithApi(staff, server, STAFF);
  readerContext = await newContext(browser, server);
  reader = await readerContext.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A published document made through the API (its creation is not what is tested here). */
async function publishedDocument(slug: string, text: string): Promise<void> {
  const created = await apiAs<{ id: string }>(server, staffToken, 'POST', '/admin/docs', {
    slug,
    title: 'Release notes',
    content: `## Notes\n\n${text}`,
  });
  expect(created.status).toBe(201);
  const published = await apiAs(server, staffToken, 'PATCH', `/admin/docs/${created.body.id}`, {
    action: 'publish',
  });
  expect(published.status).toBe(200);
}

async function publicText(slug: string): Promise<string> {
  await reader.goto(`/docs/${slug}`);
  await reader.getByRole('heading', { name: 'Release notes', level: 1 }).waitFor();
  return reader.locator('main').innerText();
}

describe('document drafts in the console', () => {
  it('saves an edit as a draft the site does not show, previews it, and publishes it', async () => {
    await publishedDocument('release-notes', 'The published text.');
    await staff.goto('/admin/docs/release-notes');
    await staff.getByTestId('doc-state').getByText('Published').waitFor();
    expect(await staff.getByTestId('doc-draft-pending').count()).toBe(0);

    await staff.getByTestId('doc-content').fill('## Notes\n\nThe drafted text.');
    await staff.getByTestId('doc-translation-save').click();
    await staff.getByText('Draft saved. The site shows it once you publish it.').waitFor();
    await staff.getByTestId('doc-draft-pending').getByText('Draft pending').waitFor();
    await staff.getByTestId('doc-draft-note').waitFor();

    // The public page still reads the published text.
    const before = await publicText('release-notes');
    expect(before).toContain('The published text.');
    expect(before).not.toContain('The drafted text.');

    // On a fresh load the editor and its preview hold the draft; the list flags it.
    await staff.reload();
    await staff.getByTestId('doc-preview').getByText('The drafted text.').waitFor();
    await checkSchemes(staff, 'document editor with a draft', () =>
      staff.getByTestId('doc-draft-note').waitFor(),
    );
    await staff.goto('/admin/docs');
    await staff.getByTestId('doc-row-release-notes').getByText('Draft pending').waitFor();
    await staff.getByTestId('doc-row-release-notes').getByRole('link').click();

    await staff.getByTestId('doc-publish').getByText('Publish changes').click();
    await staff.getByText('Document published').waitFor();
    await expect.poll(() => staff.getByTestId('doc-draft-pending').count()).toBe(0);
    expect(await staff.getByTestId('doc-draft-note').count()).toBe(0);
    const after = await publicText('release-notes');
    expect(after).toContain('The drafted text.');
    expect(after).not.toContain('The published text.');
  });

  it('discards a draft and the editor is back on the published text', async () => {
    await publishedDocument('discard-notes', 'Kept as published.');
    await staff.goto('/admin/docs/discard-notes');
    await staff.getByTestId('doc-content').fill('## Notes\n\nA change to throw away.');
    await staff.getByTestId('doc-translation-save').click();
    await staff.getByTestId('doc-draft-note').waitFor();

    await staff.getByTestId('doc-discard').click();
    await staff.getByTestId('confirm-button').click();
    await staff.getByText('English draft discarded').waitFor();
    await expect
      .poll(() => staff.getByTestId('doc-content').inputValue())
      .toBe('## Notes\n\nKept as published.');
    expect(await staff.getByTestId('doc-draft-note').count()).toBe(0);
    expect(await staff.getByTestId('doc-draft-pending').count()).toBe(0);
    expect(await publicText('discard-notes')).toContain('Kept as published.');

    // A translation never published is removed with its draft; the editor offers to write it anew.
    await staff.getByTestId('doc-lang-de').click();
    await staff.getByTestId('doc-title').fill('Versionshinweise');
    await staff.getByTestId('doc-content').fill('## Hinweise\n\nEin Entwurf.');
    await staff.getByTestId('doc-translation-save').click();
    await expect.poll(() => staff.getByTestId('doc-lang-de').getAttribute('data-present')).toBe('true');
    await staff.getByTestId('doc-discard').click();
    await staff.getByTestId('confirm-button').click();
    await staff.getByText('German draft discarded').waitFor();
    await expect.poll(() => staff.getByTestId('doc-lang-de').getAttribute('data-present')).toBe('false');
    await staff.getByText('This language has no translation yet. Saving creates it.').waitFor();
    expect(await staff.getByText('Could not load the document').count()).toBe(0);
  });
});
