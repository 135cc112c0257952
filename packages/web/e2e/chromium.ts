import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; tests never download a browser. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless and quiet: this machine has no network, so background connections only fail. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}
