import type { CheckoutSession } from '@slugsmith/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPaddleCheckout } from '../src/routes/checkout/paddle-checkout.js';

/** Paddle.js as the page sees it once loaded: records what the console asks of it. */
function fakePaddle() {
  const calls: { environment?: string; token?: string; open?: unknown } = {};
  let callback: ((event: { name?: string }) => void) | undefined;
  const paddle = {
    Environment: { set: (environment: string) => (calls.environment = environment) },
    Initialize: (options: { token: string; eventCallback?: (event: { name?: string }) => void }) => {
      calls.token = options.token;
      callback = options.eventCallback;
    },
    Checkout: { open: (options: unknown) => (calls.open = options) },
  };
  return { paddle, calls, emit: (name: string) => callback?.({ name }) };
}

const session: CheckoutSession = {
  provider: 'paddle',
  transaction_id: 'txn_01',
  checkout_url: null,
  provider_token: 'test_token',
  environment: 'sandbox',
  success_url: 'https://console.example/checkout/success?org=acme',
};

afterEach(() => vi.unstubAllGlobals());

describe('Paddle.js checkout', () => {
  it('opens the prepared transaction in the sandbox with the client token and the success address', async () => {
    const { paddle, calls } = fakePaddle();
    vi.stubGlobal('window', { Paddle: paddle });
    await openPaddleCheckout(session, () => {});
    expect(calls).toEqual({
      environment: 'sandbox',
      token: 'test_token',
      open: { transactionId: 'txn_01', settings: { successUrl: session.success_url } },
    });
  });

  it('stays in production when the server says so', async () => {
    const { paddle, calls } = fakePaddle();
    vi.stubGlobal('window', { Paddle: paddle });
    await openPaddleCheckout({ ...session, environment: 'production' }, () => {});
    expect(calls.environment).toBeUndefined();
  });

  it('reports a checkout closed before paying as cancelled, not one closed after paying', async () => {
    const first = fakePaddle();
    vi.stubGlobal('window', { Paddle: first.paddle });
    const closed = vi.fn();
    await openPaddleCheckout(session, closed);
    first.emit('checkout.closed');
    expect(closed).toHaveBeenCalledTimes(1);

    const second = fakePaddle();
    vi.stubGlobal('window', { Paddle: second.paddle });
    const closedAfterPaying = vi.fn();
    await openPaddleCheckout(session, closedAfterPaying);
    second.emit('checkout.completed');
    second.emit('checkout.closed');
    expect(closedAfterPaying).not.toHaveBeenCalled();
  });

  it('refuses a session without a client token', async () => {
    await expect(openPaddleCheckout({ ...session, provider_token: null }, () => {})).rejects.toThrow(
      'The server sent no Paddle client token',
    );
  });
});
