import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatternCategory } from '../../lib/content.js';
import { WhenNear } from '../../ui/when-near.js';
import { playgroundLink } from './hero.js';

export const CARD_PATTERNS = 3;
export const SKELETON_CARDS = 6;

/** The cards' accent colours: the colour scheme cycles through 7 options (product spec §9). */
export const CARD_COLOURS = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime'] as const;

export function cardColour(index: number): (typeof CARD_COLOURS)[number] {
  return CARD_COLOURS[index % CARD_COLOURS.length] as (typeof CARD_COLOURS)[number];
}

/** The gallery's place while the examples load, or until a reader nears it. */
function GallerySkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={220} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

export function UseCaseGallery({
  categories,
  loading,
  failed,
}: {
  categories: PatternCategory[];
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="gallery-title">
      <Title order={2} id="gallery-title" mb="md">
        {t('gallery.title')}
      </Title>
      {loading ? (
        <GallerySkeleton />
      ) : failed ? (
        <Text c="var(--mantine-color-error)" role="alert">
          {t('gallery.error')}
        </Text>
      ) : categories.length === 0 ? (
        <Text c="dimmed">{t('gallery.empty')}</Text>
      ) : (
        // Below the first screen: built when a reader nears it or the browser is idle.
        <WhenNear placeholder={<GallerySkeleton />}>
          <Cards categories={categories} />
        </WhenNear>
      )}
    </section>
  );
}

function Cards({ categories }: { categories: PatternCategory[] }) {
  const { t } = useTranslation('landing');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {categories.map((c, i) => (
        <Card
          key={c.id}
          withBorder
          radius="lg"
          padding="lg"
          data-testid="use-case-card"
          data-colour={cardColour(i)}
          // An accent bar only: the card's text keeps its contrast in both schemes.
          style={{ borderTop: `4px solid var(--mantine-color-${cardColour(i)}-filled)` }}
        >
          <Stack gap="xs">
            <Title order={3} size="h4">
              {c.category}
            </Title>
            {c.description && <Text size="sm">{c.description}</Text>}
            {c.patterns.slice(0, CARD_PATTERNS).map((p) => (
              <Stack key={p.pattern} gap={0}>
                <Text size="sm" fw={600}>
                  {p.name}
                </Text>
                <Anchor component={Link} to={playgroundLink(p.pattern)} ff="monospace" size="sm">
                  {p.pattern}
                </Anchor>
                {p.punchline && (
                  <Text size="xs" fs="italic">
                    “{p.punchline}”
                  </Text>
                )}
              </Stack>
            ))}
            {c.patterns.length > CARD_PATTERNS && (
              <Text size="sm" c="dimmed">
                {t('gallery.more', { count: c.patterns.length - CARD_PATTERNS })}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
