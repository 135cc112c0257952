import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { EffectiveLimits, Organisation, Subscription } from '@slugsmith/contract';
import { FEATURE_KEYS, LIMIT_KEYS, LIVE_SUBSCRIPTION_STATES, SLA_KEYS } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureName } from '../../../components/feature-hint.js';
import { PlansOrLicence } from '../../../components/install-licence.js';
import { consoleQueries, hasRole } from '../../../lib/console-api.js';
import { useInstall } from '../../../lib/install.js';
import { formatCount } from '../../../lib/numbers.js';
import { formatDate } from '../../../ui/format.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { rememberOrgForCheckout, STATE_COLOURS } from '../../checkout/billing-model.js';
import { BillingActions, BillingStatus, useBillingRefresh } from './billing-actions.js';
import { BillingDetailsPanel } from './billing-details.js';
import { BillingHistory } from './billing-history.js';

const PENDING_POLL_MS = 2000;

const hasPendingChange = (subs: Subscription[] | undefined) =>
  subs?.some((s) => s.billing?.pending_change) ?? false;

/** A limit value: −1 is unlimited (§3 "Rate limit info"). */
export function limitText(value: number, unlimited: string, locale?: string): string {
  return value < 0 ? unlimited : formatCount(value, locale);
}

/**
 * Subscription cards with their billing (next renewal and amount, scheduled cancellation, payment
 * trouble) and, for owners and admins, the self-service actions and the billing history; the
 * limits in force per plan type; the way to a bigger plan.
 */
export function SubscriptionTab({ org }: { org: Organisation }) {
  const { t } = useTranslation('dashboard');
  const subs = useQuery({
    ...consoleQueries.subscriptions(org.slug),
    // A change the provider has not confirmed yet: look again until its event has landed.
    refetchInterval: (query) => (hasPendingChange(query.state.data) ? PENDING_POLL_MS : false),
  });
  const pending = hasPendingChange(subs.data);
  const refresh = useBillingRefresh(org.slug);
  const wasPending = useRef(false);
  // The change landed: limits, history and the organisation's plan elsewhere follow it.
  useEffect(() => {
    if (wasPending.current && !pending) void refresh();
    wasPending.current = pending;
  }, [pending, refresh]);
  const mayBuy = hasRole(org.role, 'admin');
  // Upgrade leads through /products to /checkout, which starts with this organisation.
  useEffect(() => {
    if (mayBuy) rememberOrgForCheckout(org.slug);
  }, [mayBuy, org.slug]);
  const limits = useQuery(consoleQueries.limits(org.slug));

  return (
    <Stack gap="xl">
      {/* An on-premise install sells nothing: its licence where subscriptions and billing would be. */}
      <PlansOrLicence>
        <section aria-labelledby="subs-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="subs-heading">
              {t('plan.subscriptions')}
            </Title>
            <Button component={Link} to="/products" variant="light" data-testid="upgrade">
              {t('plan.upgrade')}
            </Button>
          </Group>
          {subs.isPending && <ListSkeleton rows={1} height={140} />}
          {subs.isError && (
            <ErrorState title={t('plan.loadFailed')} error={subs.error} onRetry={() => subs.refetch()} />
          )}
          {subs.data && subs.data.length === 0 && (
            <EmptyState title={t('plan.none')}>{t('plan.noneHint')}</EmptyState>
          )}
          {subs.data && subs.data.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {subs.data.map((s) => (
                <SubscriptionCard key={s.id} sub={s} org={org} />
              ))}
            </SimpleGrid>
          )}
        </section>
        {hasRole(org.role, 'admin') && <BillingHistory org={org} />}
        <BillingDetailsPanel org={org} />
      </PlansOrLicence>
      <section aria-labelledby="limits-heading">
        <Title order={2} size="h3" id="limits-heading" mb="sm">
          {t('plan.limits')}
        </Title>
        {limits.isPending && <ListSkeleton rows={4} height={32} />}
        {limits.isError && (
          <ErrorState title={t('plan.limitsFailed')} error={limits.error} onRetry={() => limits.refetch()} />
        )}
        {limits.data?.map((l) => (
          <LimitsTable key={l.plan_type} limits={l} />
        ))}
      </section>
    </Stack>
  );
}

function SubscriptionCard({ sub, org }: { sub: Subscription; org: Organisation }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage;
  const rows: [string, string | null][] = [
    ['started', sub.started_at],
    ['trialUntil', sub.trial_until],
    ['renews', sub.renews_at],
    ['ends', sub.ends_at],
  ];
  const superseded = !sub.effective && LIVE_SUBSCRIPTION_STATES.includes(sub.state);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="subscription-card" data-plan={sub.plan.slug}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            {sub.plan.name}
          </Text>
          {/* Live but not in force (Free beside a paid plan): never a second "Active". */}
          <Badge
            color={superseded ? 'gray' : (STATE_COLOURS[sub.state] ?? 'gray')}
            variant="dot"
            data-testid="subscription-state"
          >
            {superseded ? t('plan.notInForce') : t(`plan.states.${sub.state}`)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline">{t(`plan.types.${sub.plan.plan_type}`)}</Badge>
          {sub.plan.free && <Badge variant="outline">{t('plan.free')}</Badge>}
          {(sub.plan.custom_plan || sub.plan.custom_features) && (
            <Badge variant="outline">{t('plan.custom')}</Badge>
          )}
          {!sub.effective && !superseded && (
            <Badge color="gray" variant="dot">
              {t('plan.notInForce')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t('plan.quantity', {
            count: sub.quantity,
            unit: t(`plan.units.${sub.unit}`, { count: sub.quantity }),
          })}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {rows
              .filter(([, value]) => value !== null)
              .map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th fw={400} c="dimmed" w="45%">
                    {t(`plan.${key}`)}
                  </Table.Th>
                  <Table.Td>{formatDate(value, lng)}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
        {sub.billing && <BillingStatus sub={sub} />}
        {sub.billing && hasRole(org.role, 'admin') && <BillingActions org={org} sub={sub} />}
      </Stack>
    </Card>
  );
}

function LimitsTable({ limits }: { limits: EffectiveLimits }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage;
  const values = limits.limits;
  // An install has only its licence's limits: a plan type there tells its reader nothing.
  const onPremise = useInstall().data?.mode === 'on_premise';
  return (
    <Stack gap="xs" mb="lg" data-testid="limits">
      <Group gap="xs">
        <Text fw={600}>{limits.plan_name}</Text>
        {!onPremise && (
          <Badge variant="outline" data-testid="limits-plan-type">
            {t(`plan.types.${limits.plan_type}`)}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Table.ScrollContainer minWidth={280}>
          <Table striped verticalSpacing={4} aria-label={t('plan.limitsOf', { plan: limits.plan_name })}>
            <Table.Tbody>
              {LIMIT_KEYS.map((key) => (
                <Table.Tr key={key}>
                  <Table.Th fw={400}>
                    <FeatureName featureKey={key} name={t(`features.${key}`)} />
                  </Table.Th>
                  <Table.Td ta="right" ff="monospace">
                    {limitText(values[key], t('plan.unlimited'), lng)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Table.ScrollContainer minWidth={280}>
          <Table striped verticalSpacing={4} aria-label={t('plan.featuresOf', { plan: limits.plan_name })}>
            <Table.Tbody>
              {FEATURE_KEYS.map((key) => (
                <Table.Tr key={key}>
                  <Table.Th fw={400}>
                    <FeatureName featureKey={key} name={t(`features.${key}`)} />
                  </Table.Th>
                  <Table.Td ta="right">
                    {values[key] ? (
                      <Badge color="green" variant="dot">
                        {t('plan.yes')}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="dot">
                        {t('plan.no')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {SLA_KEYS.filter((key) => values[key]).map((key) => (
                <Table.Tr key={key}>
                  <Table.Th fw={400}>
                    <FeatureName featureKey={key} name={t(`features.${key}`)} />
                  </Table.Th>
                  <Table.Td ta="right">{values[key]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SimpleGrid>
    </Stack>
  );
}
