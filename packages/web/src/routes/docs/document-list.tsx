import {
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentPlaceholder } from './document-states.js';
import {
  COLLECTION_PATHS,
  type Collection,
  documentErrorMessage,
  isClientError,
  LIST_PAGE_SIZE,
  useDocumentList,
} from './documents.js';

function ListSkeleton() {
  const { t } = useTranslation('docs');
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
      data-testid="doc-skeleton"
    >
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Skeleton height={20} width="70%" mb="sm" />
          <Skeleton height={12} width="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Tags to filter by: every tag of the collection's documents but the collection's own. */
function useFilterTags(collection: Collection): string[] {
  const all = useDocumentList([collection], 0);
  const tags = new Set((all.data?.items ?? []).flatMap((d) => d.tags));
  tags.delete(collection);
  return [...tags].sort();
}

/**
 * The documents of a collection, by tags (product spec §2.2, §7.5): `?tag=` narrows the list,
 * `?page=` pages through it.
 */
export function DocumentList({ collection }: { collection: Collection }) {
  const { t } = useTranslation(['docs', 'navigation']);
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  const filterTags = useFilterTags(collection);
  const list = useDocumentList(tag ? [collection, tag] : [collection], page);
  const base = COLLECTION_PATHS[collection];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));

  const update = (next: { tag?: string; page?: number }) => {
    const out = new URLSearchParams(params);
    const nextTag = next.tag ?? tag;
    if (nextTag) out.set('tag', nextTag);
    else out.delete('tag');
    const nextPage = next.page ?? 0;
    if (nextPage > 0) out.set('page', String(nextPage + 1));
    else out.delete('page');
    setParams(out);
  };

  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError)
    body = (
      <DocumentPlaceholder
        collection={collection}
        error={documentErrorMessage(list.error, t)}
        onRetry={isClientError(list.error) ? undefined : () => list.refetch()}
      />
    );
  else if (list.data.items.length === 0) body = <Text c="dimmed">{t('empty')}</Text>;
  else
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        data-testid="doc-list"
      >
        {list.data.items.map((doc) => (
          <Card component="li" key={doc.id} withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="xs">
              <Anchor component={Link} to={`${base}/${doc.slug}`} lang={doc.language}>
                {doc.title}
              </Anchor>
            </Title>
            <Group gap={6}>
              {doc.tags
                .filter((name) => name !== collection)
                .map((name) => (
                  <Badge key={name} variant="light" color="gray" tt="none">
                    {t(`tags.${name}`, { defaultValue: name })}
                  </Badge>
                ))}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t(`navigation:titles.${collection}`)}</Title>
          <Text c="dimmed" mt="xs">
            {t(`intro.${collection}`)}
          </Text>
        </div>
        {filterTags.length > 0 && (
          <Chip.Group value={tag} onChange={(value) => update({ tag: String(value) })}>
            <Group gap="xs" role="radiogroup" aria-label={t('filter')}>
              <Chip value="" variant="outline" size="sm">
                {t('allTags')}
              </Chip>
              {filterTags.map((name) => (
                <Chip key={name} value={name} variant="outline" size="sm">
                  {t(`tags.${name}`, { defaultValue: name })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {body}
        {pages > 1 && (
          <Group justify="space-between">
            <Button variant="default" disabled={page === 0} onClick={() => update({ page: page - 1 })}>
              {t('pages.previous')}
            </Button>
            <Text size="sm">{t('pages.position', { page: page + 1, pages })}</Text>
            <Button variant="default" disabled={page + 1 >= pages} onClick={() => update({ page: page + 1 })}>
              {t('pages.next')}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
