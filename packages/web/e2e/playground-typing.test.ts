/**
 * Typing invalid patterns into the playground on the real server (issue 33 item 12): the browser
 * checks each keystroke with the engine's parser and the dictionaries' names, so no keystroke
 * asks the server a question it refuses (no 4xx, nothing in the browser console), and the editor
 * still says what is wrong, in the reader's language.
 * Needs the built console (npm run build -w @slugsmith/web).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { newContext, type RealServer, startRealServer } from './real-server.js';

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRealServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each typed pattern (key by key, after clearing the field) and the German message it ends on. */
const TYPED: [pattern: string, message: RegExp][] = [
  ['{adjectiv}', /^Unbekanntes Wörterbuch 'adjectiv'\. Meinten Sie 'adjective'\? \(bei Zeichen 1\)$/],
  ['{nuon}', /^Unbekanntes Wörterbuch 'nuon'\. Meinten Sie 'noun'\? \(bei Zeichen 1\)$/],
  ['{noun:+anmal}', /^Unbekanntes Schlagwort 'anmal' für 'noun'.* \(bei Zeichen 1\)$/],
  ['{noun@xx}', /^Kein Wörterbuch 'noun' für die Sprache 'xx' \(bei Zeichen 1\)$/],
  ['{noun:+animal', /^Unerwartetes Ende des Musters \(bei Zeichen 14\)$/],
];

/** Requests the server refused and what the page wrote to its console as errors. */
function watch(page: Page): { refused: string[]; consoleErrors: string[] } {
  const seen = { refused: [] as string[], consoleErrors: [] as string[] };
  page.on('response', (r) => {
    if (r.status() >= 400 && r.status() < 500) seen.refused.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => seen.consoleErrors.push(e.message));
  return seen;
}

describe('typing patterns into the playground', () => {
  it('refuses invalid keystrokes in the browser: no 4xx request, no console error, the message in German', async () => {
    const context = await newContext(browser, server, { locale: 'de-DE' });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/playground?pattern=');
    const input = page.getByTestId('pattern-input');
    const message = page.getByTestId('pattern-error');
    for (const [pattern, wanted] of TYPED) {
      await input.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(pattern);
      await page.keyboard.press('Escape');
      await expect.poll(() => input.inputValue()).toBe(pattern);
      await expect.poll(() => message.textContent(), { message: pattern }).toMatch(wanted);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
    }
    // A valid pattern still goes to the server, which tells its capacity.
    await page.keyboard.type('}');
    await expect.poll(() => message.count()).toBe(0);
    await page.getByTestId('pattern-info').waitFor();
    expect(seen.refused).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await context.close();
  });
});
