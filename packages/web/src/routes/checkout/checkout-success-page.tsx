import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { consoleKeys, consoleQueries } from '../../lib/console-api.js';
import { ErrorState } from '../../ui/states.js';
import {
  ACTIVATION_POLL_MS,
  activationPhase,
  boughtSubscription,
  PENDING_CHECKOUT_KEY,
  readPendingCheckout,
  subscriptionTabHref,
} from './billing-model.js';

function pendingPlan(org: string | null): string | null {
  try {
    return readPendingCheckout(sessionStorage.getItem(PENDING_CHECKOUT_KEY), org)?.plan ?? null;
  } catch {
    return null;
  }
}

/**
 * /checkout/success?org=: the provider's return. The subscription becomes active once the
 * provider's webhook events are processed (§4), so this page asks every 1.5 s until it is, then
 * counts down and opens the organisation's subscription tab; after a minute it offers the link.
 */
export function CheckoutSuccessPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const org = params.get('org');
  const plan = useMemo(() => pendingPlan(org), [org]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [activatedAt, setActivatedAt] = useState<number | null>(null);
  const phase = activationPhase(now, startedAt, activatedAt);

  const subs = useQuery({
    ...consoleQueries.subscriptions(org ?? ''),
    enabled: org !== null,
    refetchInterval: phase.phase === 'waiting' ? ACTIVATION_POLL_MS : false,
    retry: 1,
  });
  const bought = subs.data ? boughtSubscription(subs.data, plan) : undefined;

  useEffect(() => {
    if (bought && activatedAt === null) {
      setActivatedAt(Date.now());
      try {
        sessionStorage.removeItem(PENDING_CHECKOUT_KEY);
      } catch {
        // Nothing to forget.
      }
      // The organisation's other views (limits, org card) change with the plan.
      if (org) void queryClient.invalidateQueries({ queryKey: consoleKeys.org(org) });
    }
  }, [bought, activatedAt, org, queryClient]);

  // One clock for the countdown and the timeout.
  useEffect(() => {
    if (phase.phase === 'timeout') return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [phase.phase]);

  const done = phase.phase === 'active' && phase.secondsLeft === 0;
  useEffect(() => {
    if (done && org) navigate(subscriptionTabHref(org), { replace: true });
  }, [done, org, navigate]);

  if (!org)
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" variant="light" role="alert" title={t('success.noOrg')}>
          <Anchor component={Link} to="/dashboard">
            {t('success.toDashboard')}
          </Anchor>
        </Alert>
      </Container>
    );

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="md" data-testid="checkout-success" data-phase={phase.phase}>
          <Title order={1} size="h2">
            {t('success.title')}
          </Title>
          {phase.phase === 'waiting' && (
            <>
              <Loader aria-hidden="true" />
              <Text role="status">{t('success.activating')}</Text>
            </>
          )}
          {phase.phase === 'active' && bought && (
            <>
              <Text fw={600} role="status">
                {t('success.active', { plan: bought.plan.name })}
              </Text>
              <Text c="dimmed" aria-live="polite">
                {t('success.redirect', { seconds: phase.secondsLeft })}
              </Text>
              <Button component={Link} to={subscriptionTabHref(org)} replace>
                {t('success.goNow')}
              </Button>
            </>
          )}
          {phase.phase === 'timeout' && (
            <>
              <Alert color="yellow" variant="light" role="alert" title={t('success.timeoutTitle')}>
                {t('success.timeout')}
              </Alert>
              <Button component={Link} to={subscriptionTabHref(org)} data-testid="success-open-subscription">
                {t('success.openSubscription')}
              </Button>
            </>
          )}
          {subs.isError && phase.phase !== 'active' && (
            <ErrorState title={t('success.loadFailed')} error={subs.error} onRetry={() => subs.refetch()} />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
