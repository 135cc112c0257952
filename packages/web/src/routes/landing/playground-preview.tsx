import { ActionIcon, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SlugBadge } from '../../components/slug-badge.js';
import type { PatternCategory } from '../../lib/content.js';
import { formatCount } from '../../lib/numbers.js';
import { WhenNear } from '../../ui/when-near.js';
import { forgeLater } from './forge-later.js';
import { playgroundLink } from './hero.js';

export const SAMPLE_COUNT = 3;
/** About the preview's height before samples are shown. */
const PLACEHOLDER_HEIGHT = 240;

/** Previous/next/random through every pattern, a dropdown, Generate 3 samples (product spec §2.8). */
export function PlaygroundPreview({ categories }: { categories: PatternCategory[] }) {
  const { t, i18n } = useTranslation('landing');
  const all = categories.flatMap((c) => c.patterns.map((p) => ({ ...p, category: c.category })));
  const [index, setIndex] = useState(0);
  const samples = useMutation({
    mutationFn: (pattern: string) => forgeLater({ pattern, count: SAMPLE_COUNT }),
  });
  if (all.length === 0) return null;
  const current = all[index % all.length];
  const go = (i: number) => {
    setIndex(((i % all.length) + all.length) % all.length);
    samples.reset();
  };
  return (
    <section aria-labelledby="preview-title">
      <Title order={2} id="preview-title" mb="md">
        {t('preview.title')}
      </Title>
      {/* Below the first screen: built when a reader nears it or the browser is idle. */}
      <WhenNear placeholder={<Skeleton height={PLACEHOLDER_HEIGHT} radius="lg" />}>
        <Paper withBorder radius="lg" p="lg">
          <Stack>
            {/* Wraps on narrow screens: the Random button moves below instead of overflowing. */}
            <Group gap="xs" align="flex-end">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => go(index - 1)}
                aria-label={t('preview.previous')}
              >
                ‹
              </ActionIcon>
              <NativeSelect
                style={{ flex: '1 1 12rem', minWidth: 0 }}
                label={t('preview.choose')}
                value={String(index % all.length)}
                onChange={(e) => go(Number(e.currentTarget.value))}
                data={all.map((p, i) => ({ value: String(i), label: `${p.category} — ${p.name}` }))}
              />
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => go(index + 1)}
                aria-label={t('preview.next')}
              >
                ›
              </ActionIcon>
              <Button variant="default" onClick={() => go(Math.floor(Math.random() * all.length))}>
                {t('preview.random')}
              </Button>
            </Group>
            <Text ff="monospace" fw={600}>
              {current.pattern}
            </Text>
            {current.punchline && <Text fs="italic">“{current.punchline}”</Text>}
            {current.capacity && (
              <Text size="sm" c="dimmed">
                {t('hero.capacity', { capacity: formatCount(current.capacity, i18n.resolvedLanguage) })}
              </Text>
            )}
            <Group>
              <Button onClick={() => samples.mutate(current.pattern)} loading={samples.isPending}>
                {t('preview.generate')}
              </Button>
              <Button variant="default" component={Link} to={playgroundLink(current.pattern)}>
                {t('preview.tryFull')}
              </Button>
            </Group>
            {samples.isError && (
              <Text c="var(--mantine-color-error)" role="alert">
                {t('hero.error')}
              </Text>
            )}
            {samples.data && (
              <Group gap="xs" aria-live="polite">
                {samples.data.map((s) => (
                  <SlugBadge key={s} slug={s} size="md" />
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      </WhenNear>
    </section>
  );
}
