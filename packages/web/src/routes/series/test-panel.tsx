import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlugBadge } from '../../components/slug-badge.js';
import { testSeries } from '../../lib/console-api.js';
import { countError } from '../../lib/numbers.js';
import { ErrorState } from '../../ui/states.js';

/** The most samples one test asks for (the server's limit). */
export const MAX_TEST_COUNT = 100;

/** Which message of product spec §5 a count deserves, if any. */
export const testCountError = (count: number | string) => countError(count, MAX_TEST_COUNT);

/** Forges samples from the series' pattern under a random seed; the series is not consumed. */
export function TestPanel({ org, series }: { org: string; series: string }) {
  const { t } = useTranslation('series');
  const [count, setCount] = useState<number | string>(5);
  const [touched, setTouched] = useState(false);
  const problem = testCountError(count);
  const error = problem && t(`test.${problem}`, { max: MAX_TEST_COUNT });
  const run = useMutation({ mutationFn: (n: number) => testSeries(org, series, n) });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          {t('test.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('test.intro')}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!error) run.mutate(Number(count));
          }}
        >
          <Group align="flex-end">
            <NumberInput
              label={t('test.count')}
              value={count}
              onChange={setCount}
              min={1}
              max={MAX_TEST_COUNT}
              allowDecimal={false}
              w={140}
              error={touched ? error : null}
            />
            <Button type="submit" loading={run.isPending} data-testid="series-test-run">
              {t('test.run')}
            </Button>
          </Group>
        </form>
        {run.isError && <ErrorState title={t('test.failed')} error={run.error} />}
        {run.data && (
          <Group
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="series-test-results"
            aria-label={t('test.results')}
          >
            {run.data.map((slug, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: samples may repeat
              <li key={`${slug}-${i}`}>
                <SlugBadge slug={slug} size="md" />
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
