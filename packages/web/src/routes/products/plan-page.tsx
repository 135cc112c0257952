import { Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PublicPlan } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccount } from '../../auth/account.js';
import { useFeatureHints } from '../../auth/feature-hints.js';
import { PlansOrLicence } from '../../components/install-licence.js';
import { usePublicPlans } from '../../lib/plans.js';
import { SupportContactLink } from '../../lib/support-contact.js';
import { findPlan, MATRIX_ROWS, matrixCell, planAction, pricesOf } from './plan-catalogue.js';
import {
  FeatureCell,
  PlanActionButton,
  PlanBadges,
  PlanNotFound,
  PlansLoadError,
  PlansSkeleton,
  PriceLine,
} from './plan-parts.js';

/**
 * /products/{planSlug}: one plan with its prices, every feature with its hint, and its button; on
 * an on-premise install the install's licence instead.
 */
export function PlanPage() {
  const { planSlug = '' } = useParams();
  const plans = usePublicPlans();
  const plan = findPlan(plans.data ?? [], planSlug);
  return (
    <Container size="lg" py="xl">
      <PlansOrLicence>
        {plans.isPending && <PlansSkeleton cards={1} />}
        {plans.isError && <PlansLoadError error={plans.error} onRetry={() => plans.refetch()} />}
        {plans.data && !plan && <PlanNotFound slug={planSlug} />}
        {plan && <PlanDetail plan={plan} />}
      </PlansOrLicence>
    </Container>
  );
}

function PlanDetail({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('products');
  const { account } = useAccount();
  const hints = useFeatureHints();
  const signedIn = Boolean(account);
  const prices = pricesOf(plan);
  const priced = !plan.custom_plan && !plan.free && prices.length > 0;

  return (
    <Stack gap="xl" data-testid={`plan-detail-${plan.slug}`}>
      <Stack gap="xs">
        <Anchor component={Link} to="/products" size="sm">
          {t('backToProducts')}
        </Anchor>
        <Group gap="sm">
          <Title order={1}>{plan.name}</Title>
          <PlanBadges plan={plan} size="md" />
          <Badge variant="outline" color="gray" size="md">
            {t(`types.${plan.plan_type}`)}
          </Badge>
        </Group>
        {plan.description && <Text c="dimmed">{plan.description}</Text>}
      </Stack>

      <Stack component="section" aria-labelledby="plan-prices" gap="sm">
        <Title order={2} size="h3" id="plan-prices">
          {t('plan.prices')}
        </Title>
        {priced ? (
          <SimpleGrid cols={{ base: 1, sm: Math.min(3, prices.length) }}>
            {prices.map((price) => (
              <Paper key={price.period} withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Text fw={700}>{t(`period.${price.period}`)}</Text>
                  <PriceLine plan={plan} price={price} large />
                  <PlanActionButton
                    plan={plan}
                    action={planAction(plan, price.period, signedIn)}
                    label={`${plan.name}, ${t(`period.${price.period}`)}`}
                  />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        ) : (
          <Paper withBorder radius="md" p="md" maw={420}>
            <Stack gap="sm">
              <Text fw={800} fz={plan.custom_plan ? 'lg' : 26} data-testid={`price-${plan.slug}`}>
                {plan.custom_plan ? t('onRequest') : plan.free ? t('freePrice') : t('unavailable')}
              </Text>
              {plan.custom_plan && (
                <Text size="sm" c="dimmed">
                  {t('plan.customNote')}
                </Text>
              )}
              {plan.custom_plan && <SupportContactLink />}
              <PlanActionButton plan={plan} action={planAction(plan, null, signedIn)} />
            </Stack>
          </Paper>
        )}
        <Text size="xs" c="dimmed">
          {t('taxNote')}
        </Text>
      </Stack>

      <Stack component="section" aria-labelledby="plan-features" gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id="plan-features">
            {t('plan.features')}
          </Title>
          <Anchor component={Link} to="/products/feature-matrix" size="sm">
            {t('compare')}
          </Anchor>
        </Group>
        {MATRIX_ROWS.map(({ group, keys }) => (
          <Paper key={group} withBorder radius="md" p="md">
            <Table
              verticalSpacing="xs"
              data-testid={`plan-features-${group}`}
              captionSide="top"
              layout="fixed"
            >
              <Table.Caption style={{ textAlign: 'left', marginTop: 0 }}>
                <Text component="span" fw={700} c="var(--mantine-color-text)">
                  {t(`groups.${group}`)}
                </Text>
                {group === 'limits' && (
                  <Text size="xs" c="dimmed" component="span" display="block">
                    {t('limitsNote')}
                  </Text>
                )}
              </Table.Caption>
              <Table.Tbody>
                {keys.map((key) => (
                  <Table.Tr key={key} data-testid={`plan-feature-${key}`}>
                    <Table.Th scope="row" fw={400} w="70%">
                      <Text size="sm">{t(`features.${key}`)}</Text>
                      {hints[key] && (
                        <Text size="xs" c="dimmed" data-testid={`plan-hint-${key}`}>
                          {hints[key]}
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td ta="right">
                      <FeatureCell cell={matrixCell(plan, key)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
