/**
 * Paddle's default payment link against the real server with Paddle as the provider, no network:
 * Paddle's API is a local stand-in (node:http) that knows one unpaid and one paid transaction, and
 * Paddle.js is a stand-in served in place of https://cdn.paddle.com/paddle/v2/paddle.js that
 * records what the console asks of it. A signed-in buyer opens /checkout?_ptxn=…: the console
 * opens Paddle's checkout for that transaction; closing it is a cancelled checkout; paid
 * and unknown links say so. Needs the built console (npm run build -w @slugsmith/web).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, handToPage, STAFF, signInWithApi } from './api-sign-in.js';
import { launchChromium } from './chromium.js';
import { newContext, newPerson, type RealServer, startRealServer } from './real-server.js';

const CLIENT_TOKEN = 'test_e2e_client_token';
const UNPAID = 'txn_01e2estandin0000000000000a';
const PAID = 'txn_01e2estandin0000000000000b';

/**
 * Paddle's API as far as these tests ask it: GET /transactions/{id} for the payment link, and the
 * catalogue sync's product and price writes (answered with new ids).
 */
function paddleApiStandIn(): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const transactions: Record<string, object> = {
    [UNPAID]: { id: UNPAID, status: 'ready', custom_data: { org_id: randomUUID() } },
    [PAID]: { id: PAID, status: 'completed', custom_data: null },
  };
  let created = 0;
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const collection = /^\/(products|prices)(?:\/([^/?]+))?$/.exec(req.url ?? '');
    if (collection && (req.method === 'POST' || req.method === 'PATCH')) {
      const id = collection[2] ?? `${collection[1] === 'products' ? 'pro' : 'pri'}_e2e${String(++created)}`;
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { id } }));
      return;
    }
    const id = /^\/transactions\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const found = req.method === 'GET' ? transactions[id] : undefined;
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        found
          ? { data: found }
          : { error: { type: 'request_error', code: 'not_found', detail: `Entity ${id} not found` } },
      ),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${port}`, asked });
    }),
  );
}

/** Paddle.js as the console uses it: Environment.set, Initialize, Checkout.open, checkout.closed. */
const FAKE_PADDLE_JS = `
window.__paddle = { calls: [] };
window.Paddle = {
  Environment: { set: (environment) => window.__paddle.calls.push({ environment }) },
  Initialize: (options) => {
    window.__paddle.calls.push({ token: options.token });
    window.__paddle.callback = options.eventCallback;
  },
  Checkout: {
    open: (options) => {
      window.__paddle.calls.push({ open: options });
      const frame = document.createElement('div');
      frame.setAttribute('data-testid', 'paddle-checkout');
      frame.textContent = 'Paddle checkout ' + options.transactionId;
      const close = document.createElement('button');
      close.textContent = 'Close Paddle checkout';
      close.onclick = () => { frame.remove(); window.__paddle.callback({ name: 'checkout.closed' }); };
      frame.appendChild(close);
      document.body.appendChild(frame);
    },
  },
};`;

let paddle: Awaited<ReturnType<typeof paddleApiStandIn>>;
let server: RealServer;
let browser: Browser;
let buyer: ApiSession;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  paddle = await paddleApiStandIn();
  [server, browser] = await Promise.all([
    startRealServer({
      PAYMENT_PROVIDER: 'paddle',
      PADDLE_API_KEY: 'pdl_sdbx_apikey_e2e',
      PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_e2e',
      PADDLE_CLIENT_TOKEN: CLIENT_TOKEN,
      PADDLE_ENVIRONMENT: 'sandbox',
      PADDLE_API_URL: paddle.url,
    }),
    launchChromium(),
  ]);
  // /checkout is for signed-in people: a buyer from Paddle's e-mail signs in first.
  buyer = await apiSignIn(server, newPerson('payment-link'), { signUp: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => paddle?.server.close(resolve));
});

/** The buyer signed in on a new page whose Paddle.js is the stand-in. */
async function buyerPage(): Promise<Page> {
  const context = await newContext(browser, server);
  contexts.push(context);
  await context.route('https://cdn.paddle.com/paddle/v2/paddle.js', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PADDLE_JS }),
  );
  const page = await context.newPage();
  await handToPage(page, server, buyer);
  return page;
}

describe("Paddle's default payment link (/checkout?_ptxn=) with stand-ins of Paddle's API and Paddle.js", () => {
  it('opens Paddle.js checkout for the transaction and drops _ptxn from the address', async () => {
    const page = await buyerPage();
    await page.goto(`/checkout?_ptxn=${UNPAID}`);
    await page.getByTestId('paddle-checkout').getByText(`Paddle checkout ${UNPAID}`).waitFor();
    const calls = await page.evaluate(
      () => (window as unknown as { __paddle: { calls: unknown[] } }).__paddle.calls,
    );
    expect(calls).toEqual([
      { environment: 'sandbox' },
      { token: CLIENT_TOKEN },
      // The organisation in custom_data is none of this server's: the success page asks for none.
      { open: { transactionId: UNPAID, settings: { successUrl: `${server.url}/checkout/success` } } },
    ]);
    expect(new URL(page.url()).search).toBe('');
    expect(paddle.asked).toContain(`GET /transactions/${UNPAID}`);
  });

  it('closing Paddle checkout is a cancelled checkout', async () => {
    const page = await buyerPage();
    await page.goto(`/checkout?_ptxn=${UNPAID}`);
    await page.getByTestId('paddle-checkout').getByText(`Paddle checkout ${UNPAID}`).waitFor();
    await page.getByRole('button', { name: 'Close Paddle checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout' && u.searchParams.get('cancelled') === '1');
  });

  it('says when the link was paid already, or is unknown', async () => {
    const page = await buyerPage();
    await page.goto(`/checkout?_ptxn=${PAID}`);
    await page
      .getByTestId('payment-link-error')
      .getByText('This payment was already made, or its link is closed. Nothing more is due.')
      .waitFor();
    await page.goto('/checkout?_ptxn=txn_01e2estandin00000000000zzz');
    await page
      .getByTestId('payment-link-error')
      .getByText('This payment link is unknown or has expired.')
      .waitFor();
    expect(await page.getByTestId('paddle-checkout').count()).toBe(0);
  });
});

describe("staff sync the catalogue with Paddle's stand-in from the admin plans page", () => {
  it('shows how many products and prices Paddle now holds', async () => {
    const staff = await newContext(browser, server);
    try {
      const staffPage = await staff.newPage();
      await signInWithApi(staffPage, server, STAFF, { returnTo: '/admin/subscription-plans' });
      await staffPage.getByTestId('catalogue-sync-button').click();
      await staffPage
        .getByTestId('catalogue-sync-result')
        .getByText(/^Synced [1-9]\d* products and [1-9]\d* prices with Paddle at /)
        .waitFor();
      expect(paddle.asked.some((call) => call.startsWith('POST /prices'))).toBe(true);
    } finally {
      await staff.close();
    }
  });
});
