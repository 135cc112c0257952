import { Box, Text } from '@mantine/core';
import type { StatsRow } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { totalStats } from '../../lib/console-api.js';
import { formatCount } from '../../lib/numbers.js';

export const TICKER_REFRESH_MS = 60_000;
export const TICKER_SPEED = 50; // pixels per second
export const TICKER_START_DELAY_MS = 2000;
export const DISCLAIMER_EVERY = 7;

const PERIOD_ORDER = ['total', 'year', 'month', 'week', 'day', 'hour'];

/** Rows shown by the ticker: reset rows dropped, ordered by period then operation. */
export function tickerRows(rows: readonly StatsRow[]): StatsRow[] {
  return rows
    .filter((r) => !r.event_type.startsWith('reset'))
    .filter((r) => Number(r.total_count) > 0)
    .sort(
      (a, b) =>
        PERIOD_ORDER.indexOf(a.date_part) - PERIOD_ORDER.indexOf(b.date_part) ||
        a.event_type.localeCompare(b.event_type),
    );
}

/** Statistics ticker below the header: hidden on error or when empty, refreshed every 60 s (§4, §9). */
export function StatsTicker() {
  const { t, i18n } = useTranslation('stats');
  const query = useQuery({
    queryKey: ['stats-total'],
    queryFn: totalStats,
    refetchInterval: TICKER_REFRESH_MS,
    retry: 0,
  });
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), TICKER_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const rows = query.data && Array.isArray(query.data) ? tickerRows(query.data) : [];
  if (query.isError || rows.length === 0) return null;
  const items = rows.map((r) =>
    t('ticker.item', {
      operation: t(`ticker.operations.${r.event_type}`, { defaultValue: r.event_type }),
      period: t(`ticker.periods.${r.date_part}`, { defaultValue: r.date_part }),
      count: Number(r.total_count), // plural form; {{number}} is the §9 short form (1.5K)
      number: formatCount(String(r.total_count), i18n.resolvedLanguage),
    }),
  );
  const length = items.join('').length * 8 + items.length * 40;
  return (
    <Box className="ticker" aria-label={t('ticker.label')} role="region">
      <div
        className="ticker-track"
        style={{
          animationDuration: `${Math.max(10, length / TICKER_SPEED)}s`,
          animationPlayState: started ? undefined : 'paused',
        }}
      >
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the ticker's order is its identity
          <Fragment key={i}>
            <Text span size="sm">
              {item}
            </Text>
            {(i + 1) % DISCLAIMER_EVERY === 0 && (
              <Text span size="sm" c="dimmed" fs="italic">
                {t('ticker.disclaimer')}
              </Text>
            )}
          </Fragment>
        ))}
      </div>
    </Box>
  );
}
