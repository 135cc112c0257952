import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicPlans } from '../../lib/plans.js';
import { MATRIX_ROWS, matrixCell, orderedPlans } from './plan-catalogue.js';
import { FeatureCell, FeatureLabel, PlanBadges, PlansLoadError, PlansSkeleton } from './plan-parts.js';

/**
 * /products/feature-matrix: every plan (columns) by every feature and limit key (rows, grouped),
 * with the feature hints as tooltips. Limits show whether they concern a plan, never their values
 * (product spec §3). On a phone the table scrolls sideways with the feature names kept in view.
 */
export function FeatureMatrixPage() {
  const { t } = useTranslation('products');
  const plans = usePublicPlans();
  const columns = orderedPlans(plans.data ?? []);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('matrix.title')}</Title>
          <Text c="dimmed">{t('matrix.intro')}</Text>
          <Anchor component={Link} to="/products" size="sm">
            {t('backToProducts')}
          </Anchor>
        </Stack>
        {plans.isPending && <PlansSkeleton cards={1} />}
        {plans.isError && <PlansLoadError error={plans.error} onRetry={() => plans.refetch()} />}
        {plans.data && columns.length === 0 && <Text>{t('empty')}</Text>}
        {columns.length > 0 && (
          <>
            {/* Its links and hint buttons take focus, so keyboard users scroll it too. */}
            <section
              className="feature-matrix-scroll"
              aria-labelledby="matrix-caption"
              data-testid="feature-matrix"
            >
              <table className="feature-matrix">
                <caption
                  id="matrix-caption"
                  style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}
                >
                  <Text size="sm" c="dimmed" component="span">
                    {t('matrix.caption')}
                  </Text>
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className="matrix-sticky">
                      {t('matrix.feature')}
                    </th>
                    {columns.map((plan) => (
                      <th key={plan.slug} scope="col" data-testid={`matrix-plan-${plan.slug}`}>
                        <Stack gap={4} align="center">
                          <Anchor component={Link} to={`/products/${encodeURIComponent(plan.slug)}`} fw={700}>
                            {plan.name}
                          </Anchor>
                          <Text size="xs" c="dimmed" component="span">
                            {t(`types.${plan.plan_type}`)}
                          </Text>
                          <Group gap={4} justify="center">
                            <PlanBadges plan={plan} size="xs" />
                          </Group>
                        </Stack>
                      </th>
                    ))}
                  </tr>
                </thead>
                {MATRIX_ROWS.map(({ group, keys }) => (
                  <tbody key={group} data-testid={`matrix-group-${group}`}>
                    <tr className="matrix-group">
                      <th scope="rowgroup" colSpan={columns.length + 1}>
                        <div className="matrix-group-label">
                          {t(`groups.${group}`)}
                          {group === 'limits' && (
                            <Text size="xs" c="dimmed" fw={400} component="p" m={0}>
                              {t('limitsNote')}
                            </Text>
                          )}
                        </div>
                      </th>
                    </tr>
                    {keys.map((key) => (
                      <tr key={key} data-testid={`matrix-row-${key}`}>
                        <th scope="row" className="matrix-sticky" style={{ fontWeight: 400 }}>
                          <FeatureLabel featureKey={key} />
                        </th>
                        {columns.map((plan) => (
                          <td key={plan.slug} data-plan={plan.slug}>
                            <FeatureCell cell={matrixCell(plan, key)} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </section>
            <Text size="sm" c="dimmed" data-testid="matrix-legend">
              {t('matrix.legend')}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
