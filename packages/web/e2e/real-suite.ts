/**
 * A test file's real server and Chromium: started together before its tests, closed after them
 * with every browser context the file opened. Call at the top of a file (it registers the hooks);
 * `server` and `browser` are there once the tests run.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { type ContextOptions, newContext, type RealServer, startRealServer } from './real-server.js';

export interface RealSuite {
  readonly server: RealServer;
  readonly browser: Browser;
  /** A new context on the server (closed with the suite). */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A new page in a context of its own (closed with the suite). */
  newPage(options?: ContextOptions): Promise<Page>;
}

export function realSuite(env: Record<string, string> = {}): RealSuite {
  let server: RealServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startRealServer(env), launchChromium()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the suite's ${name} is not started (used outside a test?)`);
    return part;
  };

  const suite: RealSuite = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newContext(options) {
      const context = await newContext(suite.browser, suite.server, options);
      contexts.push(context);
      return context;
    },
    async newPage(options) {
      return (await suite.newContext(options)).newPage();
    },
  };
  return suite;
}
