import { Code, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SeriesInfo } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, formatUsedPercent } from '../../lib/numbers.js';
import { formatDateTime, usedPercent } from '../../ui/format.js';

/** Generated ids against the capacity, the pinned pattern and the bundles the series is built on. */
export function UsageCard({ series }: { series: SeriesInfo }) {
  const { t, i18n } = useTranslation('series');
  const lng = i18n.resolvedLanguage;
  const percent = usedPercent(series.generated_count, series.capacity);
  const generated = formatCount(series.generated_count, lng);
  const capacity = formatCount(series.capacity, lng);
  const locked = series.generated_count !== '0';
  // A handful of ids in a huge capacity still shows as used, never as a flat 0 %.
  const shownPercent = formatUsedPercent(percent, lng, locked);

  return (
    <Paper withBorder radius="md" p="lg" data-testid="series-usage">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('usage.title')}
        </Title>
        <div>
          <Group justify="space-between" align="baseline" gap="xs">
            <Text size="xl" fw={700} data-testid="generated-count" title={series.generated_count}>
              {generated}
            </Text>
            <Text size="sm" c="dimmed" title={series.capacity}>
              {t('usage.generatedOf', { generated, capacity })}
            </Text>
          </Group>
          <Progress
            value={percent}
            mt="xs"
            size="lg"
            aria-label={t('usage.percent', { percent: shownPercent })}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('usage.percent', { percent: shownPercent })}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t('usage.pattern')}
          </Text>
          <Code block data-testid="series-pattern">
            {series.pattern}
          </Code>
          {locked && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('usage.patternLocked')}
            </Text>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label={t('usage.maxLength')} value={String(series.max_slug_length)} />
          <Fact label={t('usage.bundle')} value={series.bundle} mono />
          {Object.keys(series.language_bundles).length > 0 && (
            <Fact
              label={t('usage.languageBundles')}
              value={languageBundleList(series.language_bundles)}
              mono
              testId="series-language-bundles"
            />
          )}
          <Fact label={t('usage.algorithm')} value={series.algorithm} mono />
          <Fact label={t('usage.updated')} value={formatDateTime(series.mtime, lng)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** `de 1.0.0-c6931463, fr 1.0.0-ea25da93`: each language the pattern reads with its pinned bundle. */
function languageBundleList(bundles: Record<string, string>): string {
  return Object.entries(bundles)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, id]) => `${language} ${id}`)
    .join(', ');
}

function Fact({
  label,
  value,
  mono = false,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
