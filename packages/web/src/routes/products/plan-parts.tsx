import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { OfferedPrice, PublicPlan } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackLanguageMark } from '../../components/fallback-language-mark.js';
import { FeatureName } from '../../components/feature-hint.js';
import { ApiError } from '../../lib/api.js';
import { formatPrice } from '../../lib/money.js';
import { formatCount } from '../../lib/numbers.js';
import './products.css';
import {
  type MatrixCell,
  type MatrixKey,
  monthlyEquivalent,
  type PlanAction,
  savingPercent,
  UNLIMITED,
} from './plan-catalogue.js';

/**
 * The Free and Custom badges of a plan (product spec §1), and the language of its texts when they
 * are not yet translated into the reader's (an admin preview has none: it shows the English).
 */
export function PlanBadges({ plan, size = 'sm' }: { plan: PublicPlan; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('products');
  return (
    <>
      {plan.language && <FallbackLanguageMark shown={plan.language} />}
      {plan.free && (
        <Badge size={size} color="teal.9" variant="filled" data-testid="badge-free">
          {t('badges.free')}
        </Badge>
      )}
      {plan.custom_plan && (
        <Badge size={size} color="grape.8" variant="filled" data-testid="badge-custom">
          {t('badges.custom')}
        </Badge>
      )}
    </>
  );
}

/** A feature's translated name and, when the feature-hints document explains it, its info button. */
export function FeatureLabel({ featureKey }: { featureKey: MatrixKey }) {
  const { t } = useTranslation('products');
  return <FeatureName featureKey={featureKey} name={t(`features.${featureKey}`)} />;
}

/**
 * A limit's figure in the reader's short form (100K, 100.000, 10万) with the exact number for
 * screen readers and on hover, or "Unlimited".
 */
function LimitFigure({ value }: { value: number }) {
  const { t, i18n } = useTranslation('products');
  if (value === UNLIMITED)
    return (
      <Text component="span" size="sm" fw={700} data-cell="limit" data-limit="unlimited">
        {t('cell.unlimited')}
      </Text>
    );
  const locale = i18n.resolvedLanguage ?? 'en-GB';
  const short = formatCount(value, locale);
  const exact = new Intl.NumberFormat(locale).format(value);
  return (
    <Text component="span" size="sm" fw={700} data-cell="limit" data-limit={value} title={exact}>
      {short === exact ? (
        short
      ) : (
        <>
          <span aria-hidden="true">{short}</span>
          <VisuallyHidden>{exact}</VisuallyHidden>
        </>
      )}
    </Text>
  );
}

/** A matrix cell: a check or a cross with its words for screen readers, a limit's figure, or the SLA's text. */
export function FeatureCell({ cell }: { cell: MatrixCell }) {
  const { t } = useTranslation('products');
  if (cell.kind === 'text') return <Text size="sm">{cell.text}</Text>;
  if (cell.kind === 'limit') return <LimitFigure value={cell.value} />;
  const mark = {
    yes: { symbol: '✓', color: undefined, words: t('cell.yes') },
    no: { symbol: '✗', color: 'dimmed', words: t('cell.no') },
  }[cell.kind];
  return (
    <Text
      component="span"
      c={mark.color}
      className={cell.kind === 'yes' ? 'products-ok' : undefined}
      fw={700}
      data-cell={cell.kind}
    >
      <span aria-hidden="true">{mark.symbol}</span>
      <VisuallyHidden>{mark.words}</VisuallyHidden>
    </Text>
  );
}

/** "$19 / month", per node when the price is, with the monthly equivalent and the saving. */
export function PriceLine({
  plan,
  price,
  large = false,
}: {
  plan: PublicPlan;
  price: OfferedPrice;
  large?: boolean;
}) {
  const { t, i18n } = useTranslation('products');
  const locale = i18n.resolvedLanguage;
  const equivalent = monthlyEquivalent(price);
  const saving = savingPercent(plan, price);
  return (
    <Stack gap={2} data-testid={`price-${plan.slug}-${price.period}`}>
      <Group gap={6} align="baseline" wrap="wrap">
        <Text component="span" fw={800} fz={large ? 32 : 26} lh={1.1} data-testid="price-amount">
          {formatPrice(price.amount, price.currency, locale)}
        </Text>
        <Text component="span" size="sm" c="dimmed">
          {price.per_node ? `${t('perNode')} ` : ''}
          {t(`per.${price.period}`)}
        </Text>
        {saving !== null && (
          <Text component="span" size="xs" fw={700} className="products-ok">
            {t('saving', { percent: saving })}
          </Text>
        )}
      </Group>
      {equivalent !== null && (
        <Text size="xs" c="dimmed">
          {t('monthlyEquivalent', { amount: formatPrice(equivalent, price.currency, locale) })}
        </Text>
      )}
      {(price.trial_days ?? 0) > 0 && (
        <Text size="xs" fw={700} className="products-ok" data-testid="price-trial">
          {t('trial', { count: price.trial_days })}
        </Text>
      )}
    </Stack>
  );
}

/** The plan's button: Choose (checkout), Start free, Contact us — or a note when none applies. */
export function PlanActionButton({
  plan,
  action,
  label,
  fullWidth = true,
}: {
  plan: PublicPlan;
  action: PlanAction;
  /** Words that tell this button from the plan's others (e.g. the period), for screen readers. */
  label?: string;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('products');
  if (action.kind === 'unavailable')
    return (
      <Text size="sm" c="dimmed" data-testid={`unavailable-${plan.slug}`}>
        {t('unavailable')}
      </Text>
    );
  const text = { checkout: t('actions.choose'), free: t('actions.startFree'), contact: t('actions.contact') }[
    action.kind
  ];
  return (
    <Button
      component={Link}
      to={action.href}
      fullWidth={fullWidth}
      variant={action.kind === 'checkout' ? 'filled' : 'light'}
      aria-label={`${text} ${label ?? plan.name}`}
      data-testid={`action-${plan.slug}${action.kind === 'checkout' ? `-${action.period}` : ''}`}
      data-action={action.kind}
    >
      {text}
    </Button>
  );
}

/** Placeholder cards while the plans load. */
export function PlansSkeleton({ cards = 3 }: { cards?: number }) {
  const { t } = useTranslation('products');
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      aria-busy="true"
      aria-label={t('loading')}
      data-testid="plans-skeleton"
    >
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={i} withBorder radius="md" p="lg">
          <Stack>
            <Skeleton height={24} width="50%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={36} width="40%" mt="md" />
            <Skeleton height={36} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** 'Failed to load subscription plans' (product spec §8) with the server's words and a retry. */
export function PlansLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('products');
  const detail = error instanceof ApiError || error instanceof Error ? error.message : undefined;
  return (
    <Alert color="red" variant="light" role="alert" title={t('loadError')} data-testid="plans-error">
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** 'Plan Not Found' (product spec §8): the slug is not a plan on offer. */
export function PlanNotFound({ slug }: { slug: string }) {
  const { t } = useTranslation('products');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="plan-not-found">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>{t('notFound')}</Title>
        <Text c="dimmed">{t('notFoundText', { slug })}</Text>
        <Button component={Link} to="/products" variant="light">
          {t('backToProducts')}
        </Button>
      </Stack>
    </Paper>
  );
}
