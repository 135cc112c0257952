import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorBoundary } from '../../components/error-boundary.js';
import { SlugBadge } from '../../components/slug-badge.js';
import { ApiError, refusalReason } from '../../lib/api.js';
import { forge } from '../../lib/generator-api.js';
import { countError, formatCount } from '../../lib/numbers.js';
import { patternErrorText } from '../../ui/pattern-messages.js';
import { serverMessage } from '../../ui/server-messages.js';
import { DictionaryBrowser } from './dictionary-browser.js';
import { serverPatternError, usePatternCheck } from './pattern-check.js';
import { PatternEditor } from './pattern-editor.js';
import { type SeriesChoice, SeriesTab } from './series-tab.js';
import { useSuggestMeta } from './use-suggest-meta.js';

export const MAX_COUNT = 1000;
export const DEFAULT_PATTERN = '{adjective}-{noun}-{number:3d}';

export interface ForgeForm {
  pattern: string;
  count: number | string;
  seed: string;
  sequence: number | string;
}

/** Playground validation (product spec §5); message keys of the playground namespace. */
export function validateForge(form: ForgeForm): { pattern?: string; count?: string; sequence?: string } {
  const errors: { pattern?: string; count?: string; sequence?: string } = {};
  if (!form.pattern.trim()) errors.pattern = 'validation.patternRequired';
  const countProblem = countError(form.count, MAX_COUNT);
  if (countProblem) errors.count = `validation.${countProblem}`;
  if (form.sequence !== '') {
    const seq = typeof form.sequence === 'number' ? form.sequence : Number(form.sequence);
    if (!Number.isInteger(seq) || seq < 0) errors.sequence = 'validation.sequenceInvalid';
  }
  return errors;
}

const PLAN_REFUSALS: ReadonlySet<string> = new Set(['not-available', 'request-size-exceeded']);

/** The playground's wording for a failed generation (product spec §8). */
export function forgeErrorKey(error: unknown): { key: string; detail?: string } {
  if (error instanceof ApiError) {
    if (error.code === 0) return { key: 'errors:playground.network' };
    // A plan refusal is a 429 too (as in the reference service), but waiting does not cure it.
    if (error.code === 429 && PLAN_REFUSALS.has(refusalReason(error) ?? ''))
      return { key: 'errors:playground.failed', detail: serverMessage(error) };
    if (error.code === 429) return { key: 'errors:playground.rateLimit' };
    if (error.code === 400 || error.code === 422)
      return { key: 'errors:playground.invalidPattern', detail: serverMessage(error) };
    return { key: 'errors:playground.failed', detail: `${error.code} ${serverMessage(error)}` };
  }
  return { key: 'errors:playground.failed' };
}

function ForgeTab({ initialPattern }: { initialPattern: string }) {
  const { t, i18n } = useTranslation(['playground', 'errors']);
  const [, setParams] = useSearchParams();
  const [form, setForm] = useState<ForgeForm>({ pattern: initialPattern, count: 10, seed: '', sequence: '' });
  const [submitted, setSubmitted] = useState(false);
  // The server's errors (unknown dictionary or tag, words that run together) show inline too.
  const { validation, data: info } = usePatternCheck(form.pattern);
  const errors = validateForge(form);
  const { meta, unavailable } = useSuggestMeta();

  useEffect(() => {
    const timer = setTimeout(
      () => setParams(form.pattern ? { pattern: form.pattern } : {}, { replace: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [form.pattern, setParams]);

  const run = useMutation({
    mutationFn: (f: ForgeForm) =>
      forge({
        pattern: f.pattern,
        count: Number(f.count),
        ...(f.seed ? { seed: f.seed } : {}),
        ...(f.sequence !== '' && Number(f.sequence) > 0 ? { sequence: Number(f.sequence) } : {}),
      }),
  });

  const submit = () => {
    setSubmitted(true);
    // A pattern the parser refuses never leaves the browser; the server's refusals are its to say.
    if (Object.keys(errors).length || (validation.error && !validation.fromServer)) return;
    run.mutate(form);
  };
  const fieldError = (key?: string) => (key && submitted ? t(key, { max: MAX_COUNT }) : undefined);
  // What Forge answered belongs to the pattern it was asked for: once the pattern changes, its
  // failure is stale, and so are its results when the new pattern is invalid.
  const samePattern = run.variables?.pattern === form.pattern;
  const failure = run.isError && samePattern ? forgeErrorKey(run.error) : null;
  const failedPattern = failure ? serverPatternError(run.error, form.pattern, { spanRequired: true }) : null;
  const results = run.data && (samePattern || !validation.error) ? run.data : null;

  return (
    <Stack>
      <Grid>
        <Grid.Col span={{ base: 12 }}>
          <PatternEditor
            label={t('editor.label')}
            value={form.pattern}
            onChange={(pattern) => setForm((f) => ({ ...f, pattern }))}
            onSubmit={submit}
            meta={meta}
            validation={validation}
          />
          {submitted && errors.pattern && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {t(errors.pattern)}
            </Text>
          )}
          {unavailable && (
            <Text size="xs" c="dimmed" mt={4} data-testid="dictionaries-unavailable">
              {t('editor.dictionariesUnavailable')}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            label={t('form.count')}
            value={form.count}
            onChange={(count) => setForm((f) => ({ ...f, count }))}
            min={1}
            max={MAX_COUNT}
            clampBehavior="none"
            allowDecimal={false}
            error={fieldError(errors.count)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('form.seed')}
            description={t('form.seedHint')}
            value={form.seed}
            onChange={(e) => {
              const seed = e.currentTarget.value;
              setForm((f) => ({ ...f, seed }));
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            label={t('form.sequence')}
            description={t('form.sequenceHint')}
            value={form.sequence}
            onChange={(sequence) => setForm((f) => ({ ...f, sequence }))}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            error={fieldError(errors.sequence)}
          />
        </Grid.Col>
      </Grid>
      <Group>
        <Button onClick={submit} loading={run.isPending} data-testid="forge-button">
          {t('form.forge')}
        </Button>
      </Group>
      {info && !validation.error && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} data-testid="pattern-info">
          <Metric label={t('info.capacity')} value={formatCount(info.capacity, i18n.resolvedLanguage)} />
          <Metric label={t('info.maxLength')} value={String(info.max_slug_length)} />
          <Metric label={t('info.complexity')} value={String(info.complexity)} />
        </SimpleGrid>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title={t(failure.key)} data-testid="forge-error">
          {failedPattern ? patternErrorText(failedPattern, t) : failure.detail}
        </Alert>
      )}
      {results && (
        <Stack gap="xs" data-testid="forge-results">
          <Title order={2} size="h4">
            {t('results.title', { count: results.length })}
          </Title>
          <Group gap="xs">
            {results.map((slug) => (
              <SlugBadge key={slug} slug={slug} size="lg" />
            ))}
          </Group>
        </Stack>
      )}
      <DictionaryBrowser onUsePattern={(pattern) => setForm((f) => ({ ...f, pattern }))} />
    </Stack>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Paper>
  );
}

/** /playground?pattern=…: tabs Forge, Mint, Slice (product spec §2.2). */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const [params] = useSearchParams();
  const [initialPattern] = useState(() => params.get('pattern') ?? DEFAULT_PATTERN);
  const [choice, setChoice] = useState<SeriesChoice>({ org: null, series: null });
  return (
    <Container size="lg" py="xl">
      <Stack>
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text>{t('subtitle')}</Text>
        </div>
        <Tabs defaultValue="forge" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="forge">{t('tabs.forge')}</Tabs.Tab>
            <Tabs.Tab value="mint">{t('tabs.mint')}</Tabs.Tab>
            <Tabs.Tab value="slice">{t('tabs.slice')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="forge">
            <FormErrorBoundary>
              <ForgeTab initialPattern={initialPattern} />
            </FormErrorBoundary>
          </Tabs.Panel>
          <Tabs.Panel value="mint">
            <FormErrorBoundary>
              <SeriesTab operation="mint" choice={choice} onChoice={setChoice} />
            </FormErrorBoundary>
          </Tabs.Panel>
          <Tabs.Panel value="slice">
            <FormErrorBoundary>
              <SeriesTab operation="slice" choice={choice} onChoice={setChoice} />
            </FormErrorBoundary>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
