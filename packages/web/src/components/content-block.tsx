import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentBlock } from '../lib/content.js';
import { WhenNear } from '../ui/when-near.js';

// The documents' renderer (product spec §2.9), loaded once a block has text to show near the
// viewport: the landing page's first paint does not wait for the markdown parser.
const MarkdownArticle = lazy(async () => ({
  default: (await import('./markdown/markdown.js')).MarkdownArticle,
}));

const LEADING_HEADING = /^\s*#{1,6}[ \t]+([^\n]*?)[ \t#]*(?:\n+|$)/;

/**
 * A block's text begins with its own heading, the same words as its stored title: the section
 * shows the title once, as its heading, and the text without that first line.
 */
export function splitLeadingHeading(content: string): { heading?: string; body: string } {
  const match = LEADING_HEADING.exec(content);
  if (!match) return { body: content };
  return { heading: match[1].trim() || undefined, body: content.slice(match[0].length) };
}

function TextSkeleton() {
  return (
    <Stack gap="xs">
      <Skeleton height={14} />
      <Skeleton height={14} />
      <Skeleton height={14} width="70%" />
    </Stack>
  );
}

/** A landing content block loaded by slug in the current language, with a placeholder when absent. */
export function ContentBlock({ slug, heading }: { slug: string; heading: string }) {
  const { t } = useTranslation('landing');
  const block = useContentBlock(slug);
  const content = block.data?.content?.trim() ? splitLeadingHeading(block.data.content) : undefined;
  return (
    <section aria-labelledby={`block-${slug}`} data-testid={`block-${slug}`}>
      <Title order={2} id={`block-${slug}`} mb="md">
        {block.data?.title ?? content?.heading ?? heading}
      </Title>
      {block.isLoading ? (
        <TextSkeleton />
      ) : content ? (
        <WhenNear placeholder={<TextSkeleton />}>
          <Suspense fallback={<TextSkeleton />}>
            <MarkdownArticle content={content.body} />
          </Suspense>
        </WhenNear>
      ) : (
        <Paper withBorder p="md" radius="md" style={{ borderStyle: 'dashed' }}>
          <Text c="dimmed" data-testid={`placeholder-${slug}`}>
            {t('blocks.placeholder')}
          </Text>
        </Paper>
      )}
    </section>
  );
}
