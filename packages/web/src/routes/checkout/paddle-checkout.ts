/**
 * Paddle Billing's overlay checkout, opened with the transaction the server prepared. Paddle.js is
 * loaded from Paddle's CDN only when the server runs with the Paddle provider (no npm dependency:
 * the local sandbox needs none of it). The page's Content-Security-Policy must allow
 * https://cdn.paddle.com (script) and Paddle's checkout frame for this to load.
 */
import type { CheckoutSession } from '@slugsmith/contract';

const PADDLE_JS = 'https://cdn.paddle.com/paddle/v2/paddle.js';

interface PaddleEvent {
  name?: string;
}
interface PaddleGlobal {
  Environment: { set(environment: string): void };
  Initialize(options: { token: string; eventCallback?: (event: PaddleEvent) => void }): void;
  Checkout: { open(options: { transactionId: string; settings?: { successUrl?: string } }): void };
}

declare global {
  interface Window {
    Paddle?: PaddleGlobal;
  }
}

let loading: Promise<PaddleGlobal> | null = null;

function loadPaddle(): Promise<PaddleGlobal> {
  if (window.Paddle) return Promise.resolve(window.Paddle);
  loading ??= new Promise<PaddleGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PADDLE_JS;
    script.async = true;
    script.onload = () =>
      window.Paddle ? resolve(window.Paddle) : reject(new Error('Paddle.js did not load'));
    script.onerror = () => {
      loading = null;
      reject(new Error(`Could not load Paddle.js from ${PADDLE_JS}`));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Opens Paddle's checkout for the session; `onClosed` runs when the buyer closes it without
 * completing (the checkout's "cancelled"). Paddle sends a completed checkout to `success_url`.
 */
export async function openPaddleCheckout(session: CheckoutSession, onClosed: () => void): Promise<void> {
  if (!session.provider_token) throw new Error('The server sent no Paddle client token');
  const paddle = await loadPaddle();
  let completed = false;
  if (session.environment === 'sandbox') paddle.Environment.set('sandbox');
  paddle.Initialize({
    token: session.provider_token,
    eventCallback: (event) => {
      if (event.name === 'checkout.completed') completed = true;
      if (event.name === 'checkout.closed' && !completed) onClosed();
    },
  });
  paddle.Checkout.open({
    transactionId: session.transaction_id,
    settings: { successUrl: session.success_url },
  });
}
