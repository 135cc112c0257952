import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContentBlock } from '../lib/content.js';

/** Renders a small markdown subset: headings and paragraphs. */
function Markdown({ text }: { text: string }) {
  const blocks = text
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <Stack gap="sm">
      {blocks.map((b, i) => {
        const heading = /^(#{1,3})\s+(.*)$/.exec(b);
        const key = `${i}:${b.slice(0, 16)}`;
        if (heading)
          return (
            <Title
              key={key}
              order={heading[1].length === 1 ? 2 : 3}
              size={heading[1].length === 1 ? 'h3' : 'h4'}
            >
              {heading[2]}
            </Title>
          );
        return <Text key={key}>{b.replace(/\n/g, ' ')}</Text>;
      })}
    </Stack>
  );
}

/** A landing content block loaded by slug in the current language, with a placeholder when absent. */
export function ContentBlock({ slug, heading }: { slug: string; heading: string }) {
  const { t } = useTranslation('landing');
  const block = useContentBlock(slug);
  return (
    <section aria-labelledby={`block-${slug}`}>
      <Title order={2} id={`block-${slug}`} mb="md">
        {block.data?.title ?? heading}
      </Title>
      {block.isLoading ? (
        <Stack gap="xs">
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : block.data?.content ? (
        <Markdown text={block.data.content} />
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
