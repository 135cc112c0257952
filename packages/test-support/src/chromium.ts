import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
