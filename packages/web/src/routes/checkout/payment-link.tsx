import { Alert, Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.js';
import { consoleQueries } from '../../lib/console-api.js';
import { openPaddleCheckout } from './paddle-checkout.js';

/** Which refusal of a payment link to say: unknown (404), already paid or closed (409), or other. */
function refusalKey(error: unknown): 'paymentLink.unknown' | 'paymentLink.closed' | 'errors.prepareFailed' {
  if (error instanceof ApiError && error.code === 404) return 'paymentLink.unknown';
  if (error instanceof ApiError && error.code === 409) return 'paymentLink.closed';
  return 'errors.prepareFailed';
}

/**
 * /checkout?_ptxn=<transaction>: the payment provider's default payment link (Paddle e-mails it
 * for invoices and renewals). The console opens the provider's checkout for that transaction —
 * Paddle.js, or the local sandbox's hosted page — once the buyer is signed in (/checkout is).
 */
export function PaymentLinkCheckout({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const session = useQuery(consoleQueries.paymentLink(transactionId));
  const opened = useRef(false);
  const [failed, setFailed] = useState<Error | null>(null);

  useEffect(() => {
    const prepared = session.data;
    if (!prepared || opened.current) return;
    opened.current = true;
    // Paddle.js would open a checkout for `_ptxn` in the address by itself as well: without it only
    // ours opens, and a reload does not reopen a link that may be paid by then.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (prepared.provider === 'paddle') {
      openPaddleCheckout(prepared, () => navigate('/checkout?cancelled=1', { replace: true })).catch(
        (error: unknown) => setFailed(error instanceof Error ? error : new Error(String(error))),
      );
    } else if (prepared.checkout_url) {
      window.location.assign(prepared.checkout_url);
    }
  }, [session.data, navigate]);

  const problem = session.error ?? failed;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('checkout.title')}</Title>
        {!problem && (
          <Stack gap="xs" align="flex-start" role="status" data-testid="payment-link-opening">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('paymentLink.opening')}</Text>
          </Stack>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="payment-link-error">
            <Text>{session.error ? t(refusalKey(session.error)) : t('errors.prepareFailed')}</Text>
            {failed && <Text size="sm">{failed.message}</Text>}
          </Alert>
        )}
        <Anchor component={Link} to="/checkout">
          {t('paymentLink.newCheckout')}
        </Anchor>
      </Stack>
    </Container>
  );
}
