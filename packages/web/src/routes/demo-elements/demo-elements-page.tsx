import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import type { PublicPlan } from '@slugsmith/contract';
import type { SuggestMeta } from '@slugsmith/generator';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog.js';
import { ErrorPanel } from '../../components/error-boundary.js';
import { FeatureName } from '../../components/feature-hint.js';
import { SlugBadge } from '../../components/slug-badge.js';
import { StatsTable } from '../../components/stats-table.js';
import { ApiError } from '../../lib/api.js';
import type { PeriodSummary } from '../../lib/stats.js';
import { EmptyState, ErrorState, ListSkeleton, PermissionDenied } from '../../ui/states.js';
import { STATE_COLOURS } from '../checkout/billing-model.js';
import { PatternEditor, validatePattern } from '../playground/pattern-editor.js';
import { FeatureCell, PlanBadges } from '../products/plan-parts.js';

/** A switch, a limit's figure and a missing feature, as the feature matrix shows them. */
const DEMO_CELLS = [
  { key: 'forge_enabled', cell: { kind: 'yes' } },
  { key: 'max_series', cell: { kind: 'limit', value: 100_000 } },
  { key: 'sdk_access', cell: { kind: 'no' } },
] as const;

/** What the pattern editor completes in the gallery: a few kinds and tags, no server needed. */
const DEMO_META: SuggestMeta = {
  dictionaries: [{ kind: 'adjective' }, { kind: 'noun' }, { kind: 'adverb' }],
  tags: [
    { kind: 'noun', tag: 'animal' },
    { kind: 'adjective', tag: 'colour' },
  ],
};

const FREE_AND_CUSTOM = { free: true, custom_plan: true } as Pick<PublicPlan, 'free' | 'custom_plan'>;

/** Made-up statistics for the table: three periods and a total. */
const DEMO_STATS: PeriodSummary[] = [
  {
    datePart: 'hour',
    counts: { forge: 120, mint: 40, slice: 8 },
    requests: 52,
    slugs: 168,
    avgDurationUs: 840,
    resets: 0,
  },
  {
    datePart: 'day',
    counts: { forge: 2_480, mint: 910, slice: 75 },
    requests: 1_204,
    slugs: 3_465,
    avgDurationUs: 910,
    resets: 1,
  },
  {
    datePart: 'month',
    counts: { forge: 61_300, mint: 22_450, slice: 1_920 },
    requests: 30_118,
    slugs: 85_670,
    avgDurationUs: 1_020,
    resets: 3,
  },
  {
    datePart: 'total',
    counts: { forge: 412_000, mint: 150_300, slice: 12_800 },
    requests: 201_540,
    slugs: 575_100,
    avgDurationUs: 990,
    resets: 9,
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={`demo-${id}`}
      data-testid={`demo-${id}`}
    >
      <Title order={2} size="h3" id={`demo-${id}`} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Light or dark for the whole console, like the floating toggle (stored under `theme`). */
function ThemeSwitch() {
  const { t } = useTranslation('extras');
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <SegmentedControl
      value={scheme}
      onChange={(value) => setColorScheme(value as 'light' | 'dark')}
      data={[
        { value: 'light', label: t('demo.light') },
        { value: 'dark', label: t('demo.dark') },
      ]}
      aria-label={t('demo.theme')}
      data-testid="demo-theme"
    />
  );
}

function PatternEditors() {
  const { t } = useTranslation('extras');
  const [valid, setValid] = useState('{adjective}-{noun:+animal}-{number:3d}');
  const [broken, setBroken] = useState('{adjective}-{noun}-{number:0d}');
  const validValidation = useMemo(() => validatePattern(valid), [valid]);
  const brokenValidation = useMemo(() => validatePattern(broken), [broken]);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <PatternEditor
        value={valid}
        onChange={setValid}
        onSubmit={() => undefined}
        meta={DEMO_META}
        validation={validValidation}
        label={t('demo.patternValid')}
      />
      <PatternEditor
        value={broken}
        onChange={setBroken}
        onSubmit={() => undefined}
        meta={DEMO_META}
        validation={brokenValidation}
        label={t('demo.patternError')}
      />
    </SimpleGrid>
  );
}

/**
 * /demo-elements: a living gallery of the console's own components — the same ones the pages use —
 * in their states (default, disabled, loading, error, empty), with a light/dark switch.
 */
export function DemoElementsPage() {
  const { t } = useTranslation(['extras', 'products', 'navigation']);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{t('navigation:titles.demoElements')}</Title>
            <Text c="dimmed">{t('demo.intro')}</Text>
          </div>
          <ThemeSwitch />
        </Group>

        <Section id="buttons" title={t('demo.buttons')}>
          <Group gap="sm">
            <Button>{t('demo.primary')}</Button>
            <Button variant="default">{t('demo.secondary')}</Button>
            <Button variant="light">{t('demo.tonal')}</Button>
            <Button variant="subtle">{t('demo.subtle')}</Button>
            <Button color="red">{t('demo.danger')}</Button>
            <Button disabled>{t('demo.disabled')}</Button>
            <Button loading>{t('demo.loadingButton')}</Button>
          </Group>
        </Section>

        <Section id="inputs" title={t('demo.inputs')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('demo.name')} description={t('demo.nameHelp')} defaultValue="Acme Labs" />
            <TextInput label={t('demo.slug')} defaultValue="acme labs" error={t('demo.slugError')} />
            <TextInput label={t('demo.disabled')} defaultValue="brave-otter-042" disabled />
            <Select
              label={t('demo.plan')}
              data={['Free', 'Pro', 'Enterprise']}
              defaultValue="Pro"
              allowDeselect={false}
            />
            <Checkbox label={t('demo.accept')} defaultChecked />
            <Switch label={t('demo.enabled')} defaultChecked />
          </SimpleGrid>
        </Section>

        <Section id="alerts" title={t('demo.alerts')}>
          <Stack gap="sm">
            <Alert color="blue" variant="light" title={t('demo.info')}>
              {t('demo.infoText')}
            </Alert>
            <Alert color="teal" variant="light" title={t('demo.success')}>
              {t('demo.successText')}
            </Alert>
            <Alert color="yellow" variant="light" title={t('demo.warning')}>
              {t('demo.warningText')}
            </Alert>
            <ErrorState
              title={t('demo.errorTitle')}
              error={new ApiError(503, 'Service Unavailable')}
              onRetry={() => undefined}
            />
            <PermissionDenied />
          </Stack>
        </Section>

        <Section id="badges" title={t('demo.badges')}>
          <Group gap="sm">
            <PlanBadges plan={FREE_AND_CUSTOM as PublicPlan} />
            {(['active', 'trial', 'draft'] as const).map((state) => (
              <Badge key={state} color={STATE_COLOURS[state]} variant="dot">
                {t(`demo.${state}`)}
              </Badge>
            ))}
          </Group>
        </Section>

        <Section id="copy" title={t('demo.copy')}>
          <Group gap="md">
            <SlugBadge slug="brave-otter-042" />
            <CopyButton value="{adjective}-{noun}-{number:3d}">
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} aria-live="polite">
                  {copied ? t('demo.copied') : t('demo.copyPattern')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Section>

        <Section id="pattern" title={t('demo.pattern')}>
          <PatternEditors />
        </Section>

        <Section id="tables" title={t('demo.tables')}>
          <Stack gap="md">
            <StatsTable summaries={DEMO_STATS} withResets caption={t('demo.statsCaption')} />
            <Stack gap={6}>
              {DEMO_CELLS.map(({ key, cell }) => (
                <Group key={key} gap="sm">
                  <FeatureCell cell={cell} />
                  <FeatureName featureKey={key} name={t(`products:features.${key}`)} />
                </Group>
              ))}
            </Stack>
          </Stack>
        </Section>

        <Section id="states" title={t('demo.states')}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('demo.loading')}
              </Text>
              <ListSkeleton rows={3} height={32} />
            </Stack>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('demo.empty')}
              </Text>
              <EmptyState
                title={t('demo.emptyTitle')}
                action={<Button size="xs">{t('demo.emptyAction')}</Button>}
              >
                {t('demo.emptyText')}
              </EmptyState>
            </Stack>
          </SimpleGrid>
          <ErrorPanel error={new Error(t('demo.renderError'))} onRetry={() => undefined} />
        </Section>

        <Section id="dialogs" title={t('demo.dialogs')}>
          <Group gap="sm">
            <Button color="red" variant="light" onClick={() => setConfirmOpen(true)}>
              {t('demo.openConfirm')}
            </Button>
            {confirmed && <Text size="sm">{t('demo.confirmed')}</Text>}
          </Group>
          <ConfirmDialog
            opened={confirmOpen}
            title={t('demo.confirmTitle')}
            onConfirm={() => {
              setConfirmOpen(false);
              setConfirmed(true);
            }}
            onCancel={() => setConfirmOpen(false)}
            typedValue="brave-otter-042"
          >
            {t('demo.confirmText')}
          </ConfirmDialog>
        </Section>
      </Stack>
    </Container>
  );
}
