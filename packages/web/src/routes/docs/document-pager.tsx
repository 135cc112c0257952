import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COLLECTION_PATHS, type Collection, useDocumentList } from './documents.js';

/**
 * Links to the previous and next document of the collection in list order, so a reader can go
 * through the documentation page by page. Nothing while the list loads or when it fails.
 */
export function DocumentPager({ slug, collection }: { slug: string; collection: Collection }) {
  const { t } = useTranslation('docs');
  const list = useDocumentList([collection], 0);
  const items = list.data?.items ?? [];
  const at = items.findIndex((d) => d.slug === slug || d.id === slug);
  if (at < 0) return null;
  const previous = items[at - 1];
  const next = items[at + 1];
  if (!previous && !next) return null;
  const base = COLLECTION_PATHS[collection];
  return (
    <Group
      component="nav"
      aria-label={t('pager.label')}
      justify="space-between"
      mt="xl"
      data-testid="doc-pager"
    >
      {previous ? (
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('pages.previous')}
          </Text>
          <Anchor component={Link} to={`${base}/${previous.slug}`} rel="prev" lang={previous.language}>
            <span aria-hidden="true">← </span>
            {previous.title}
          </Anchor>
        </Stack>
      ) : (
        <span />
      )}
      {next && (
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('pages.next')}
          </Text>
          <Anchor component={Link} to={`${base}/${next.slug}`} rel="next" lang={next.language}>
            {next.title}
            <span aria-hidden="true"> →</span>
          </Anchor>
        </Stack>
      )}
    </Group>
  );
}
