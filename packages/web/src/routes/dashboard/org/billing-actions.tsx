import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Organisation, Subscription } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import {
  cancelSubscription,
  consoleKeys,
  paymentMethodSession,
  resumeSubscription,
} from '../../../lib/console-api.js';
import { formatMoney } from '../../../lib/money.js';
import { formatDate } from '../../../ui/format.js';
import { notifySuccess } from '../../../ui/notify.js';
import { notifyBillingFailure } from '../../checkout/billing-messages.js';
import { billingActions, billingLine } from '../../checkout/billing-model.js';
import { ChangeSubscriptionDialog } from './billing-change-dialog.js';

/**
 * Refreshes everything a billing change touches: subscriptions, limits, history, and the
 * organisation itself and the list of organisations (both show its plan).
 */
export function useBillingRefresh(org: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: consoleKeys.subscriptions(org) }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.limits(org) }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.transactions(org) }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.org(org), exact: true }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() }),
    ]);
}

/** What a provider-billed subscription will do next (renewal and amount, cancellation, payment trouble). */
export function BillingStatus({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.resolvedLanguage;
  const line = billingLine(sub);
  const period = sub.billing?.period;
  const pending = sub.billing?.pending_change;
  return (
    <Stack gap={4}>
      {pending && (
        <Alert color="blue" variant="light" p="xs" role="status" data-testid="billing-pending">
          {t('status.changePending', {
            plan: pending.plan.name,
            period: t(`periods.${pending.period}`),
          })}
        </Alert>
      )}
      {period && (
        <Text size="sm" c="dimmed">
          {t('status.period', { period: t(`periods.${period}`) })}
        </Text>
      )}
      {(line?.key === 'status.renewsOn' || line?.key === 'status.trialUntil') && (
        <Text size="sm" data-testid={line.key === 'status.renewsOn' ? 'billing-renews' : 'billing-trial'}>
          {line.amount
            ? t(line.key, {
                date: formatDate(line.date, lng),
                amount: formatMoney(line.amount.amount, line.amount.currency, lng),
              })
            : t(`${line.key}NoAmount`, { date: formatDate(line.date, lng) })}
        </Text>
      )}
      {line?.key === 'status.cancelsOn' && (
        <Alert color="yellow" variant="light" p="xs" data-testid="billing-cancels">
          {t('status.cancelsOn', { date: formatDate(line.date, lng) })}
        </Alert>
      )}
      {line?.key === 'status.pastDue' && (
        <Alert color="orange" variant="light" p="xs" role="alert" data-testid="billing-past-due">
          {line.date ? t('status.pastDue', { date: formatDate(line.date, lng) }) : t('status.pastDueNoDate')}
        </Alert>
      )}
      {line?.key === 'status.ended' && (
        <Text size="sm" c="dimmed">
          {t('status.ended', { date: formatDate(line.date, lng) })}
        </Text>
      )}
    </Stack>
  );
}

/** Change, cancel at period end, resume and update the payment method (owners and admins). */
export function BillingActions({ org, sub }: { org: Organisation; sub: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.resolvedLanguage;
  const actions = billingActions(sub);
  const refresh = useBillingRefresh(org.slug);
  const [changing, setChanging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const periodEnd = sub.billing?.current_period_end ?? sub.renews_at;

  const cancel = useMutation({
    mutationFn: () => cancelSubscription(org.slug, sub.id),
    onSuccess: async () => {
      setCancelling(false);
      notifySuccess(
        periodEnd ? t('cancel.done', { date: formatDate(periodEnd, lng) }) : t('cancel.doneNoDate'),
      );
      await refresh();
    },
    onError: (error) => notifyBillingFailure(t('cancel.failed'), error, t),
  });
  const resume = useMutation({
    mutationFn: () => resumeSubscription(org.slug, sub.id),
    onSuccess: async () => {
      notifySuccess(t('resume.done'));
      await refresh();
    },
    onError: (error) => notifyBillingFailure(t('resume.failed'), error, t),
  });
  const paymentMethod = useMutation({
    mutationFn: () => paymentMethodSession(org.slug, sub.id),
    // The provider's page (the local sandbox's card form, or Paddle's) brings the customer back.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notifyBillingFailure(t('paymentMethod.failed'), error, t),
  });

  if (!Object.values(actions).some(Boolean)) return null;
  return (
    <>
      <Group gap="xs" mt="xs">
        {actions.change && (
          <Button size="xs" variant="light" onClick={() => setChanging(true)} data-testid="billing-change">
            {t('actions.change')}
          </Button>
        )}
        {actions.paymentMethod && (
          <Button
            size="xs"
            // The way out of past_due is the first thing to do then.
            variant={sub.state === 'past_due' ? 'filled' : 'default'}
            onClick={() => paymentMethod.mutate()}
            loading={paymentMethod.isPending}
            data-testid="billing-payment-method"
          >
            {t('actions.paymentMethod')}
          </Button>
        )}
        {actions.resume && (
          <Button
            size="xs"
            onClick={() => resume.mutate()}
            loading={resume.isPending}
            data-testid="billing-resume"
          >
            {t('actions.resume')}
          </Button>
        )}
        {actions.cancel && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setCancelling(true)}
            data-testid="billing-cancel"
          >
            {t('actions.cancel')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={cancelling}
        title={t('cancel.title', { plan: sub.plan.name })}
        confirmLabel={t('cancel.confirm')}
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setCancelling(false)}
      >
        {periodEnd
          ? t('cancel.body', { plan: sub.plan.name, date: formatDate(periodEnd, lng) })
          : t('cancel.bodyNoDate', { plan: sub.plan.name })}
      </ConfirmDialog>
      {changing && (
        <ChangeSubscriptionDialog
          org={org}
          sub={sub}
          onClose={() => setChanging(false)}
          onChanged={refresh}
        />
      )}
    </>
  );
}
