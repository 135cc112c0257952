import {
  Anchor,
  Container,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PricePeriod, PublicPlan } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccount } from '../../auth/account.js';
import { FeatureHint } from '../../components/feature-hint.js';
import { PlansOrLicence } from '../../components/install-licence.js';
import { groupPlans, type PlanGroup, usePublicPlans } from '../../lib/plans.js';
import {
  keyFeatures,
  offeredSaasPeriods,
  planAction,
  priceOf,
  pricesOf,
  SAAS_PERIODS,
  type SaasPeriod,
} from './plan-catalogue.js';
import {
  FeatureCell,
  PlanActionButton,
  PlanBadges,
  PlansLoadError,
  PlansSkeleton,
  PriceLine,
} from './plan-parts.js';

const isSaasPeriod = (value: string | null): value is SaasPeriod =>
  (SAAS_PERIODS as readonly string[]).includes(value ?? '');

/**
 * /products: the plans on offer by plan type, with prices per period and the way to each; on an
 * on-premise install, which sells nothing, the install's licence instead.
 */
export function ProductsPage() {
  const { t } = useTranslation('products');
  const plans = usePublicPlans();
  const [params, setParams] = useSearchParams();
  const offered = offeredSaasPeriods(plans.data ?? []);
  const asked = params.get('period');
  // The period lives in the address, so a shared link shows the same prices.
  const period: SaasPeriod = isSaasPeriod(asked) ? asked : (offered[0] ?? 'monthly');
  const choosePeriod = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('period', value);
        return next;
      },
      { replace: true },
    );
  const groups = plans.data ? groupPlans(plans.data) : [];

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Title order={1}>{t('title')}</Title>
        <PlansOrLicence>
          <Stack gap={4}>
            <Text c="dimmed">{t('intro')}</Text>
            <Anchor component={Link} to="/products/feature-matrix" size="sm" data-testid="to-matrix">
              {t('compare')}
            </Anchor>
          </Stack>
          {plans.isPending && <PlansSkeleton />}
          {plans.isError && <PlansLoadError error={plans.error} onRetry={() => plans.refetch()} />}
          {plans.data && groups.length === 0 && (
            <Paper withBorder radius="md" p="xl" data-testid="plans-empty">
              <Text ta="center">{t('empty')}</Text>
            </Paper>
          )}
          {groups.map((group) => (
            <PlanTypeSection
              key={group.type}
              group={group}
              period={period}
              periods={group.type === 'saas' ? offered : []}
              onPeriod={choosePeriod}
            />
          ))}
          <Text size="xs" c="dimmed">
            {t('taxNote')}
          </Text>
        </PlansOrLicence>
      </Stack>
    </Container>
  );
}

function PlanTypeSection({
  group,
  period,
  periods,
  onPeriod,
}: {
  group: PlanGroup;
  period: SaasPeriod;
  periods: SaasPeriod[];
  onPeriod: (value: string) => void;
}) {
  const { t } = useTranslation('products');
  const headingId = `plans-${group.type}`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid={`group-${group.type}`}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} id={headingId}>
            {t(`types.${group.type}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`typeIntro.${group.type}`)}
          </Text>
        </div>
        {periods.length > 1 && (
          <SegmentedControl
            value={period}
            onChange={onPeriod}
            aria-label={t('period.label')}
            data-testid="period-switch"
            data={periods.map((p) => ({ value: p, label: t(`period.${p}`) }))}
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(4, Math.max(2, group.plans.length)) }}>
        {group.plans.map((plan) => (
          <PlanCard key={plan.slug} plan={plan} period={group.type === 'saas' ? period : null} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * One plan: a SaaS plan shows the price of the chosen period (or its first one when it is not
 * priced for that period); any other plan shows each of its prices with its own button.
 */
function PlanCard({ plan, period }: { plan: PublicPlan; period: PricePeriod | null }) {
  const { t } = useTranslation('products');
  const { account } = useAccount();
  const signedIn = Boolean(account);
  const prices = pricesOf(plan);
  const shown = period ? (priceOf(plan, period) ?? prices[0]) : undefined;
  const headingId = `plan-${plan.slug}`;
  const features = keyFeatures(plan);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.slug}`}
    >
      <Stack gap="md" h="100%">
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={3} id={headingId}>
              {plan.name}
            </Title>
            <PlanBadges plan={plan} />
          </Group>
          {plan.description && (
            <Text size="sm" c="dimmed">
              {plan.description}
            </Text>
          )}
        </Stack>

        {plan.custom_plan ? (
          <Text fw={700} fz="lg" data-testid={`price-${plan.slug}`}>
            {t('onRequest')}
          </Text>
        ) : plan.free || prices.length === 0 ? (
          <Text fw={800} fz={26} lh={1.1} data-testid={`price-${plan.slug}`}>
            {plan.free ? t('freePrice') : t('unavailable')}
          </Text>
        ) : period ? (
          shown && (
            <Stack gap={4}>
              <PriceLine plan={plan} price={shown} />
              {shown.period !== period && (
                <Text size="xs" c="dimmed">
                  {t('notPricedForPeriod', { period: t(`period.${period}`) })}
                </Text>
              )}
            </Stack>
          )
        ) : null}

        {period || plan.custom_plan || plan.free || prices.length === 0 ? (
          <PlanActionButton plan={plan} action={planAction(plan, period, signedIn)} />
        ) : (
          <Stack gap="md">
            {prices.map((price) => (
              <Stack key={price.period} gap="xs">
                <Text size="sm" fw={700}>
                  {t(`period.${price.period}`)}
                </Text>
                <PriceLine plan={plan} price={price} />
                <PlanActionButton
                  plan={plan}
                  action={planAction(plan, price.period, signedIn)}
                  label={`${plan.name}, ${t(`period.${price.period}`)}`}
                />
              </Stack>
            ))}
          </Stack>
        )}

        {features.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              {t('keyFeatures')}
            </Text>
            <List spacing={2} size="sm" listStyleType="none" data-testid={`features-${plan.slug}`}>
              {features.map(({ key, cell }) => (
                <List.Item key={key}>
                  <Group gap={6} wrap="nowrap" align="baseline">
                    {cell.kind === 'text' ? (
                      <span>
                        {t(`features.${key}`)}: <strong>{cell.text}</strong>
                      </span>
                    ) : (
                      <>
                        <FeatureCell cell={cell} />
                        <span>{t(`features.${key}`)}</span>
                      </>
                    )}
                    <FeatureHint featureKey={key} feature={t(`features.${key}`)} />
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        <Anchor
          component={Link}
          to={`/products/${encodeURIComponent(plan.slug)}`}
          size="sm"
          mt="auto"
          aria-label={t('actions.detailsNamed', { plan: plan.name })}
          data-testid={`details-${plan.slug}`}
        >
          {t('actions.details')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
