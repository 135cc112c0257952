import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COLLECTION_PATHS, type Collection } from './documents.js';

/** The loading skeleton of a document: a title and a few paragraphs. */
export function DocumentSkeleton() {
  const { t } = useTranslation('docs');
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('loading')} data-testid="doc-skeleton">
      <Skeleton height={34} width="55%" mb="md" />
      {[100, 96, 98, 70].map((width) => (
        <Skeleton key={width} height={14} width={`${width}%`} />
      ))}
      <Skeleton height={24} width="35%" mt="lg" mb="xs" />
      {[97, 92, 60].map((width) => (
        <Skeleton key={width} height={14} width={`${width}%`} />
      ))}
    </Stack>
  );
}

interface PlaceholderProps {
  collection: Collection;
  /** The §8 load error, when loading failed (none: the document is empty). */
  error?: string;
  onRetry?: () => void;
}

/** Placeholder content shown when a document cannot be loaded or has nothing in it (§2.9). */
export function DocumentPlaceholder({ collection, error, onRetry }: PlaceholderProps) {
  const { t } = useTranslation('docs');
  return (
    <Paper withBorder p="xl" radius="md" style={{ borderStyle: 'dashed' }} data-testid="doc-placeholder">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {t('placeholder.title')}
        </Title>
        <Text>{error ? t('placeholder.failed') : t('placeholder.empty')}</Text>
        {error && (
          <Text c="var(--mantine-color-error)" role="alert" data-testid="doc-error">
            {error}
          </Text>
        )}
        <Group>
          {onRetry && <Button onClick={onRetry}>{t('placeholder.retry')}</Button>}
          <Button component={Link} to={COLLECTION_PATHS[collection]} variant={onRetry ? 'default' : 'filled'}>
            {t(`back.${collection}`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
