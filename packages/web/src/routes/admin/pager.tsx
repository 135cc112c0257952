import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageCount } from './docs/doc-helpers.js';

/** Pages of a list with its total; nothing but the total when everything fits on one page. */
export function Pager({
  total,
  limit,
  page,
  onPage,
}: {
  total: number;
  limit: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="space-between" gap="sm">
      {total > limit ? (
        <Pagination
          total={pageCount(total, limit)}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
        />
      ) : (
        <span />
      )}
      <Text size="xs" c="dimmed" data-testid="list-total">
        {t('pagination.total', { count: total })}
      </Text>
    </Group>
  );
}
