import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { Organisation, SeriesInfo } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlugBadge } from '../../components/slug-badge.js';
import { consoleKeys, hasRole, mintSeries } from '../../lib/console-api.js';
import { countError, formatCount } from '../../lib/numbers.js';
import { ErrorState } from '../../ui/states.js';

/** The most slugs one console mint asks for (the playground's count limit). */
export const MAX_MINT_COUNT = 1000;

/** Which playground validation message (§5) a mint count deserves, if any. */
export const mintCountError = (count: number | string) => countError(count, MAX_MINT_COUNT);

/**
 * Mints the next slugs of a series (admins and owners; the slugs are used up for good): in the
 * playground's Mint tab and on the series page.
 */
export function MintPanel({ org, series }: { org: Organisation; series: SeriesInfo }) {
  const { t, i18n } = useTranslation('playground');
  const queryClient = useQueryClient();
  const [count, setCount] = useState<number | string>(3);
  const [touched, setTouched] = useState(false);
  const problem = mintCountError(count);
  const allowed = hasRole(org.role, 'admin');
  const run = useMutation({
    mutationFn: (n: number) => mintSeries(org.slug, series.slug, n),
    // The counter moved: the series, its list and its windows are refetched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.seriesList(org.slug) }),
  });
  const { reset } = run;
  // Another series: earlier results belong to the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the series changes
  useEffect(() => reset(), [series.slug, reset]);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          {t('series.mintTitle', { name: series.name })}
        </Title>
        <Text size="sm" c="dimmed" data-testid="playground-generated">
          {t('series.generated', {
            generated: formatCount(series.generated_count, i18n.resolvedLanguage),
            capacity: formatCount(series.capacity, i18n.resolvedLanguage),
          })}
        </Text>
        <Text size="sm">{t('series.mintWarning')}</Text>
        {!allowed && (
          <Alert color="yellow" variant="light" data-testid="playground-mint-admins">
            {t('series.mintAdminsOnly')}
          </Alert>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!problem && allowed) run.mutate(Number(count));
          }}
        >
          <Group align="flex-start">
            <NumberInput
              label={t('form.count')}
              value={count}
              onChange={setCount}
              min={1}
              max={MAX_MINT_COUNT}
              clampBehavior="none"
              allowDecimal={false}
              w={140}
              error={touched && problem ? t(`validation.${problem}`, { max: MAX_MINT_COUNT }) : null}
              data-testid="playground-mint-count"
            />
            <Button
              type="submit"
              mt={25}
              loading={run.isPending}
              disabled={!allowed}
              data-testid="mint-button"
            >
              {t('series.mintButton')}
            </Button>
          </Group>
        </form>
        {run.isError && <ErrorState title={t('series.mintFailed')} error={run.error} />}
        {run.data && (
          <Stack gap="xs" data-testid="mint-results">
            <Title order={3} size="h4">
              {t('results.title', { count: run.data.length })}
            </Title>
            <Group component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {run.data.map((slug) => (
                <li key={slug}>
                  <SlugBadge slug={slug} size="lg" />
                </li>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
