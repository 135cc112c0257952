import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SlugBadge } from '../../components/slug-badge.js';
import type { PatternCategory, PatternExample } from '../../lib/content.js';
import { formatCount } from '../../lib/numbers.js';
import { forgeLater } from './forge-later.js';

/** Hero timings (product spec §9). */
export const HERO_SLUGS_PER_PATTERN = 5;
export const HERO_SLUG_INTERVAL_MS = 1500;
/** The card fades out for this long before the next category's card. */
export const HERO_TRANSITION_MS = 500;
/** A category's whole showcase: every slug, then the transition (5 × 1500 + 500 = 8000 ms). */
export const HERO_CATEGORY_MS = HERO_SLUGS_PER_PATTERN * HERO_SLUG_INTERVAL_MS + HERO_TRANSITION_MS;
/** After a failed generation the hero moves on this much later (product spec §4). */
export const HERO_ERROR_SKIP_MS = 1000;

export const playgroundLink = (pattern: string) => `/playground?pattern=${encodeURIComponent(pattern)}`;

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}

/**
 * The active card: loads slugs, cycles through them on a timer, fades out and calls onComplete
 * when done; on error it calls onComplete after 1 s (product spec §4).
 */
function HeroCard({ example, onComplete }: { example: PatternExample; onComplete: () => void }) {
  const { t, i18n } = useTranslation('landing');
  const slugs = useQuery({
    queryKey: ['hero-slugs', example.pattern],
    queryFn: ({ signal }) => forgeLater({ pattern: example.pattern, count: HERO_SLUGS_PER_PATTERN }, signal),
    staleTime: 0,
    gcTime: 0,
    retry: 0,
  });
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const reduceMotion = useReducedMotion();
  const list = slugs.data ?? [];

  useEffect(() => {
    if (slugs.isError) {
      const timer = setTimeout(onComplete, HERO_ERROR_SKIP_MS);
      return () => clearTimeout(timer);
    }
    if (!slugs.isSuccess) return;
    if (leaving) {
      const timer = setTimeout(onComplete, HERO_TRANSITION_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => {
      if (index + 1 >= list.length) setLeaving(true);
      else setIndex(index + 1);
    }, HERO_SLUG_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [slugs.isError, slugs.isSuccess, index, list.length, leaving, onComplete]);

  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow="sm"
      data-testid="hero-card"
      style={{
        opacity: leaving ? 0 : 1,
        transition: reduceMotion ? undefined : `opacity ${HERO_TRANSITION_MS}ms ease`,
      }}
    >
      <Stack gap="sm">
        {example.punchline && (
          <Text fw={600} size="lg">
            {example.punchline}
          </Text>
        )}
        <Anchor
          component={Link}
          to={playgroundLink(example.pattern)}
          ff="monospace"
          data-testid="hero-pattern"
        >
          {example.pattern}
        </Anchor>
        <Box mih={44} aria-live="polite">
          {slugs.isLoading ? (
            <Skeleton height={32} width="60%" radius="xl" className="pulse" data-testid="hero-loading" />
          ) : slugs.isError ? (
            <Text c="var(--mantine-color-error)" role="alert" data-testid="hero-error">
              {t('hero.error')}
            </Text>
          ) : list.length > 0 ? (
            <Group gap="sm">
              <SlugBadge slug={list[Math.min(index, list.length - 1)]} size="xl" />
              <Text size="sm" c="dimmed" data-testid="hero-position">
                {t('hero.position', { n: Math.min(index, list.length - 1) + 1, m: list.length })}
              </Text>
            </Group>
          ) : null}
        </Box>
        {example.description && <Text size="sm">{example.description}</Text>}
        {example.capacity && (
          <Text size="sm" c="dimmed">
            {t('hero.capacity', { capacity: formatCount(example.capacity, i18n.resolvedLanguage) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function Hero({
  categories,
  loading,
  failed,
}: {
  categories: PatternCategory[];
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('landing');
  const [categoryIndex, setCategoryIndex] = useState(0);
  const [round, setRound] = useState(0);
  const category = categories.length ? categories[categoryIndex % categories.length] : null;
  // A random pattern of the current category, chosen anew for every showcase.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round forces a new pick
  const example = useMemo(() => (category ? pick(category.patterns) : null), [category, round]);

  const next = useMemo(
    () => () => {
      setCategoryIndex((i) => (categories.length ? (i + 1) % categories.length : 0));
      setRound((r) => r + 1);
    },
    [categories.length],
  );

  return (
    <Stack gap="lg" py={48}>
      <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
        {t('hero.title')}
      </Title>
      <Text size="lg" maw={720}>
        {t('hero.subtitle')}
      </Text>
      <Group>
        <Button size="md" component={Link} to="/playground">
          {t('hero.tryIt')}
        </Button>
        <Button size="md" variant="default" component={Link} to="/login">
          {t('hero.getStarted')}
        </Button>
      </Group>
      {loading ? (
        <Skeleton height={190} radius="lg" />
      ) : failed || !example || !category ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="var(--mantine-color-error)" role="alert" data-testid="hero-error">
            {failed ? t('hero.examplesError') : t('hero.examplesEmpty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Text size="sm" fw={700} tt="uppercase" c="dimmed" data-testid="hero-category">
            {category.category}
          </Text>
          <HeroCard key={`${category.id}:${round}`} example={example} onComplete={next} />
          <Group gap={0} role="group" aria-label={t('hero.categories')}>
            {categories.map((c, i) => (
              <button
                key={c.id}
                type="button"
                className="hero-dot"
                aria-pressed={i === categoryIndex % categories.length}
                aria-label={c.category}
                onClick={() => {
                  setCategoryIndex(i);
                  setRound((r) => r + 1);
                }}
              />
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
