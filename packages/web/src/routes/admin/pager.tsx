import { Button, Group, Pagination, Text } from '@mantine/core';
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

/** Previous and next page of a list whose total is unknown (the server says whether more follow). */
export function PrevNextPager({
  page,
  more,
  onPage,
}: {
  page: number;
  more: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={!more}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        {t('pagination.next')}
      </Button>
    </Group>
  );
}
