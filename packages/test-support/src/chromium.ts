import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; tests never download a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless and quiet: no sandbox (tests run as root in containers), no GPU, and no background
 * connections, which only fail on a machine without network.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts Debian's Chromium with CHROMIUM_ARGS, or says how to install it. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    return Promise.reject(
      new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`),
    );
  }
  return chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
}

/**
 * Lets a page finish what it has queued, so that a test can check what did NOT appear: rounds of
 * a zero timer (run after the timers already due, such as TanStack Query's notifications) and of
 * message-channel tasks (where React renders). Under an installed page clock timers are the
 * clock's: `timers: false` leaves them to `page.clock.runFor`.
 */
export function pageSettled(page: Page, { timers = true }: { timers?: boolean } = {}): Promise<void> {
  return page.evaluate(async (withTimers) => {
    for (let i = 0; i < 3; i++) {
      if (withTimers) await new Promise<void>((resolve) => setTimeout(resolve, 0));
      for (let j = 0; j < 3; j++) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      }
    }
  }, timers);
}
