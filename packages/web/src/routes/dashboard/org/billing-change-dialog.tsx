import { Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import type { Organisation, Subscription, SubscriptionChange } from '@slugsmith/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSubscription, previewSubscriptionChange, type publicPlans } from '../../../lib/console-api.js';
import { usePublicPlans } from '../../../lib/plans.js';
import { formatDate } from '../../../ui/format.js';
import { notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { billingErrorText, notifyBillingFailure } from '../../checkout/billing-messages.js';
import {
  clampQuantity,
  findPrice,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orderQuantity,
  periodsOf,
  priceFor,
  prorationView,
  purchasablePlans,
  quantityUnit,
} from '../../checkout/billing-model.js';

/**
 * A new plan, period or quantity for a subscription: the provider's proration is previewed (charged
 * or credited now, then each renewal) and the change happens only when the customer confirms it.
 */
export function ChangeSubscriptionDialog({
  org,
  sub,
  onClose,
  onChanged,
}: {
  org: Organisation;
  sub: Subscription;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('billing');
  const plans = usePublicPlans();
  return (
    <Modal opened onClose={onClose} title={t('change.title', { plan: sub.plan.name })} centered size="lg">
      {plans.isPending && <ListSkeleton rows={3} height={40} />}
      {plans.isError && (
        <ErrorState title={t('errors.plansFailed')} error={plans.error} onRetry={() => plans.refetch()} />
      )}
      {plans.data && (
        <ChangeForm org={org} sub={sub} plans={plans.data} onClose={onClose} onChanged={onChanged} />
      )}
    </Modal>
  );
}

function ChangeForm({
  org,
  sub,
  plans,
  onClose,
  onChanged,
}: {
  org: Organisation;
  sub: Subscription;
  plans: Awaited<ReturnType<typeof publicPlans>>;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.resolvedLanguage;
  // A change stays within the plan type: SaaS to SaaS, on-premise to on-premise.
  const offered = purchasablePlans(plans).filter((p) => p.plan_type === sub.plan.plan_type);
  const current = findPrice(plans, sub.billing?.price_id);
  const [planSlug, setPlanSlug] = useState<string | null>(current?.plan.slug ?? offered[0]?.slug ?? null);
  const plan = offered.find((p) => p.slug === planSlug);
  const [period, setPeriod] = useState<string | null>(
    current?.price.period ?? sub.billing?.period ?? periodsOf(plan)[0] ?? null,
  );
  const [quantity, setQuantity] = useState(sub.quantity);
  const price = priceFor(plan, period);
  const count = orderQuantity(price, quantity);
  const unchanged = price !== undefined && price.id === sub.billing?.price_id && count === sub.quantity;
  const body: SubscriptionChange | null = price ? { price: price.id, quantity: count } : null;

  const preview = useMutation({
    mutationFn: (change: SubscriptionChange) => previewSubscriptionChange(org.slug, sub.id, change),
  });
  const change = useMutation({
    mutationFn: (change: SubscriptionChange) => changeSubscription(org.slug, sub.id, change),
    onSuccess: async () => {
      notifySuccess(t('change.done', { plan: plan?.name ?? sub.plan.name }));
      await onChanged();
      onClose();
    },
    onError: (error) => notifyBillingFailure(t('change.failed'), error, t),
  });

  // Any edit makes the shown proration stale.
  const edited = () => preview.reset();
  const view = preview.data ? prorationView(preview.data, lng) : null;
  const perpetual = (p: string) => p !== 'perpetual';

  return (
    <Stack gap="md">
      <Select
        label={t('checkout.plan')}
        data={offered.map((p) => ({ value: p.slug, label: p.name }))}
        value={planSlug}
        onChange={(slug) => {
          setPlanSlug(slug);
          const next = offered.find((p) => p.slug === slug);
          if (!priceFor(next, period)) setPeriod(periodsOf(next).filter(perpetual)[0] ?? null);
          edited();
        }}
        allowDeselect={false}
        data-testid="change-plan"
      />
      <Select
        label={t('checkout.period')}
        data={periodsOf(plan)
          .filter(perpetual)
          .map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        value={price ? period : null}
        onChange={(value) => {
          setPeriod(value);
          edited();
        }}
        allowDeselect={false}
        data-testid="change-period"
      />
      {price?.per_node && (
        <NumberInput
          label={quantityUnit(plan) === 'node' ? t('checkout.nodes') : t('checkout.quantity')}
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          value={quantity}
          onChange={(value) => {
            setQuantity(clampQuantity(value, quantity));
            edited();
          }}
          data-testid="change-quantity"
        />
      )}
      {!price && (
        <Alert color="red" variant="light" role="alert" title={t('errors.missingPrice')}>
          {t('errors.missingPriceHint')}
        </Alert>
      )}
      {unchanged && (
        <Text size="sm" c="dimmed">
          {t('change.unchanged')}
        </Text>
      )}
      {preview.isError && (
        <Alert color="red" variant="light" role="alert" title={t('change.previewFailed')}>
          {billingErrorText(preview.error, t)}
        </Alert>
      )}
      {view && (
        <Paper withBorder radius="md" p="md" data-testid="change-preview" aria-live="polite">
          <Stack gap={4}>
            <Text fw={600}>
              {view.now === 'charge' && t('change.chargeNow', { amount: view.amount })}
              {view.now === 'credit' && t('change.creditNow', { amount: view.amount })}
              {view.now === 'none' && t('change.nothingNow')}
            </Text>
            <Text size="sm">
              {view.nextBilledAt
                ? t('change.then', { amount: view.recurring, date: formatDate(view.nextBilledAt, lng) })
                : t('change.thenNoDate', { amount: view.recurring })}
            </Text>
          </Stack>
        </Paper>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('change.close')}
        </Button>
        {view ? (
          <Button
            onClick={() => body && change.mutate(body)}
            loading={change.isPending}
            data-testid="change-confirm"
          >
            {t('change.confirm')}
          </Button>
        ) : (
          <Button
            onClick={() => body && preview.mutate(body)}
            loading={preview.isPending}
            disabled={!body || unchanged}
            data-testid="change-preview-button"
          >
            {t('change.preview')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
