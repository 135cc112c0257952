import { Button, Fieldset, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type AdminPlan, type PlanPrice, type PlanType, PricePeriod } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminKeys, deletePlanPrice, setPlanPrice } from '../../../lib/admin-api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { useStaff } from '../use-staff.js';
import { formToPrice, type PriceFormValues, perNodeByDefault, priceToForm } from './plan-form.js';

/** One price's inputs; `onSave` gets the checked price, or the row shows why it cannot. */
function PriceRow({
  initial,
  periodFixed,
  saving,
  onSave,
  onRemove,
  saveLabel,
}: {
  initial: PriceFormValues;
  periodFixed: boolean;
  saving?: boolean;
  onSave: (price: PlanPrice) => void;
  onRemove?: () => void;
  saveLabel: string;
}) {
  const { t } = useTranslation(['admin', 'products']);
  const { writable } = useStaff();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = periodFixed ? initial.period : 'new';
  const set = (patch: Partial<PriceFormValues>) => setValues((v) => ({ ...v, ...patch }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid={`price-row-${id}`}>
      <Select
        label={t('plans.priceFields.period')}
        data={PricePeriod.options.map((p) => ({ value: p, label: t(`products:period.${p}`) }))}
        value={values.period}
        onChange={(v) => v && set({ period: v as PriceFormValues['period'] })}
        disabled={periodFixed || !writable}
        allowDeselect={false}
        w={180}
        data-testid={`price-period-${id}`}
      />
      <TextInput
        label={t('plans.priceFields.amount')}
        value={values.amount}
        onChange={(e) => set({ amount: e.currentTarget.value })}
        inputMode="decimal"
        error={error}
        disabled={!writable}
        w={140}
        data-testid={`price-amount-${id}`}
      />
      <TextInput
        label={t('plans.priceFields.currency')}
        value={values.currency}
        onChange={(e) => set({ currency: e.currentTarget.value })}
        maxLength={3}
        disabled={!writable}
        w={90}
        data-testid={`price-currency-${id}`}
      />
      <TextInput
        label={t('plans.priceFields.trial_days')}
        value={values.period === 'perpetual' ? '0' : values.trial_days}
        onChange={(e) => set({ trial_days: e.currentTarget.value })}
        inputMode="numeric"
        disabled={!writable || values.period === 'perpetual'}
        w={110}
        data-testid={`price-trial-${id}`}
      />
      <Switch
        label={t('plans.priceFields.per_node')}
        checked={values.per_node}
        onChange={(e) => set({ per_node: e.currentTarget.checked })}
        disabled={!writable}
        mb={8}
        data-testid={`price-per-node-${id}`}
      />
      {writable && (
        <Group gap="xs">
          <Button
            size="sm"
            loading={saving}
            onClick={() => {
              const price = formToPrice(values);
              if (!price) {
                setError(t('plans.badAmount'));
                return;
              }
              setError(null);
              onSave(price);
            }}
            data-testid={`price-save-${id}`}
          >
            {saveLabel}
          </Button>
          {onRemove && (
            <Button size="sm" variant="default" onClick={onRemove} data-testid={`price-remove-${id}`}>
              {t('actions.remove')}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}

const blankPrice = (planType: PlanType, period: PriceFormValues['period'] = 'monthly'): PriceFormValues => ({
  period: planType === 'on_premise' && period === 'monthly' ? 'annual' : period,
  amount: '',
  currency: 'USD',
  per_node: perNodeByDefault(planType),
  trial_days: '0',
});

/** A saved plan's prices: each set or removed by its own call (`/admin/subscriptions/{plan}/prices/{period}`). */
export function PlanPrices({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [adding, setAdding] = useState(0);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.plans() });
  const put = useMutation({
    mutationFn: (price: PlanPrice) =>
      setPlanPrice(plan.slug, price.period, {
        amount: price.amount,
        currency: price.currency,
        per_node: price.per_node,
        trial_days: price.trial_days,
      }),
    onSuccess: async () => {
      await refresh();
      setAdding((n) => n + 1);
      notifySuccess(t('plans.priceSaved'));
    },
    onError: (error) => notifyFailure(t('plans.priceFailed'), error),
  });
  const remove = useMutation({
    mutationFn: (price: PlanPrice) => deletePlanPrice(plan.slug, price.period, price.currency),
    onSuccess: async () => {
      await refresh();
      notifySuccess(t('plans.priceRemoved'));
    },
    onError: (error) => notifyFailure(t('plans.priceFailed'), error),
  });
  return (
    <Fieldset legend={t('plans.prices')} data-testid="plan-prices">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('plans.pricesHint')}
        </Text>
        {plan.prices.length === 0 && <Text size="sm">{t('plans.noPrices')}</Text>}
        {plan.prices.map((price) => (
          <PriceRow
            key={`${price.period}-${price.currency}-${price.amount}-${price.per_node}`}
            initial={priceToForm(price)}
            periodFixed
            saving={put.isPending && put.variables?.period === price.period}
            onSave={(p) => put.mutate(p)}
            onRemove={() => remove.mutate(price)}
            saveLabel={t('actions.save')}
          />
        ))}
        <Text size="sm" fw={600}>
          {t('plans.addPrice')}
        </Text>
        <PriceRow
          key={`add-${adding}`}
          initial={blankPrice(plan.plan_type)}
          periodFixed={false}
          saving={put.isPending}
          onSave={(p) => put.mutate(p)}
          saveLabel={t('actions.add')}
        />
      </Stack>
    </Fieldset>
  );
}

/** A new plan's prices, sent with the plan when it is created. */
export function NewPlanPrices({
  planType,
  prices,
  onChange,
}: {
  planType: PlanType;
  prices: PlanPrice[];
  onChange: (prices: PlanPrice[]) => void;
}) {
  const { t } = useTranslation(['admin', 'products']);
  return (
    <Fieldset legend={t('plans.prices')}>
      <Stack gap="sm">
        {prices.map((price) => (
          <Group key={price.period} justify="space-between">
            <Text size="sm">
              {t(`products:period.${price.period}`)}: {priceToForm(price).amount} {price.currency}
              {price.per_node ? ` ${t('plans.perNodeShort')}` : ''}
            </Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => onChange(prices.filter((p) => p.period !== price.period))}
            >
              {t('actions.remove')}
            </Button>
          </Group>
        ))}
        <PriceRow
          key={prices.length}
          initial={blankPrice(planType)}
          periodFixed={false}
          onSave={(price) => onChange([...prices.filter((p) => p.period !== price.period), price])}
          saveLabel={t('actions.add')}
        />
      </Stack>
    </Fieldset>
  );
}
