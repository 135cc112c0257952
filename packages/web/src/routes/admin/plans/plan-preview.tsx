import { Alert, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminPlan, PublicPlan } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { FeatureHint } from '../../../components/feature-hint.js';
import { keyFeatures, pricesOf } from '../../products/plan-catalogue.js';
import { FeatureCell, PlanBadges, PriceLine } from '../../products/plan-parts.js';

/**
 * The plan as the public Products page would show it (with the values being edited), so a draft
 * can be checked before it goes on offer. Numeric limits stay out, as on the public page.
 */
export function PlanPreview({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation(['admin', 'products']);
  const shown = plan as unknown as PublicPlan;
  const prices = pricesOf(shown);
  const features = keyFeatures(shown);
  return (
    <Stack gap="xs" data-testid="plan-preview">
      {!plan.subscribable && (
        <Alert variant="light" color="yellow">
          {t('plans.previewNotOffered')}
        </Alert>
      )}
      <Paper
        component="article"
        withBorder
        radius="md"
        p="lg"
        maw={420}
        aria-labelledby="plan-preview-heading"
      >
        <Stack gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={2} size="h3" id="plan-preview-heading">
                {plan.name || t('plans.unnamed')}
              </Title>
              <PlanBadges plan={shown} />
            </Group>
            {plan.description && (
              <Text size="sm" c="dimmed">
                {plan.description}
              </Text>
            )}
          </Stack>
          {plan.custom_plan ? (
            <Text fw={700}>{t('products:onRequest')}</Text>
          ) : plan.free || prices.length === 0 ? (
            <Text fw={800} fz={24}>
              {plan.free ? t('products:freePrice') : t('products:unavailable')}
            </Text>
          ) : (
            <Stack gap="sm">
              {prices.map((price) => (
                <PriceLine key={price.id} plan={shown} price={price} />
              ))}
            </Stack>
          )}
          {features.length > 0 && (
            <List spacing={2} size="sm" listStyleType="none">
              {features.map(({ key, cell }) => (
                <List.Item key={key}>
                  <Group gap={6} wrap="nowrap" align="baseline">
                    {cell.kind === 'text' ? (
                      <span>
                        {t(`products:features.${key}`)}: <strong>{cell.text}</strong>
                      </span>
                    ) : (
                      <>
                        <FeatureCell cell={cell} />
                        <span>{t(`products:features.${key}`)}</span>
                      </>
                    )}
                    <FeatureHint featureKey={key} feature={t(`products:features.${key}`)} />
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
