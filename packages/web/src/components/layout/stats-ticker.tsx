import { Box, Text } from '@mantine/core';
import type { StatsRow } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/numbers.js';
import { statsQueries } from '../../lib/stats.js';

export const TICKER_REFRESH_MS = 60_000;
export const TICKER_SPEED = 50; // pixels per second
export const TICKER_START_DELAY_MS = 2000;
export const DISCLAIMER_EVERY = 7;

const PERIOD_ORDER = ['total', 'year', 'month', 'week', 'day', 'hour'];

/**
 * Rows shown by the ticker: reset rows dropped, ordered by operation then period (longest first).
 * A period that counts as many slugs as the longer period before it says nothing new (on a young
 * install "in total", "this year" … "this hour" are all equal) and is left out.
 */
export function tickerRows(rows: readonly StatsRow[]): StatsRow[] {
  const sorted = rows
    .filter((r) => !r.event_type.startsWith('reset'))
    .filter((r) => Number(r.total_count) > 0)
    .sort(
      (a, b) =>
        a.event_type.localeCompare(b.event_type) ||
        PERIOD_ORDER.indexOf(a.date_part) - PERIOD_ORDER.indexOf(b.date_part),
    );
  return sorted.filter((r, i) => {
    const longer = sorted[i - 1];
    return !longer || longer.event_type !== r.event_type || longer.total_count !== r.total_count;
  });
}

/** Statistics ticker below the header: hidden on error or when empty, refreshed every 60 s (§4, §9). */
export function StatsTicker() {
  const { t, i18n } = useTranslation('stats');
  const query = useQuery({
    ...statsQueries.total(),
    refetchInterval: TICKER_REFRESH_MS,
    retry: 0,
  });
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), TICKER_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const rows = query.data && Array.isArray(query.data) ? tickerRows(query.data) : [];
  // While loading, the band keeps its height so the page does not shift when the figures arrive.
  if (query.isPending) return <Box className="ticker" aria-hidden="true" />;
  // Hidden on error or when empty, its band's height kept: the page below does not move up.
  if (query.isError || rows.length === 0) return <Box className="ticker ticker-empty" aria-hidden="true" />;
  const items = rows.map((r) =>
    t('ticker.item', {
      operation: t(`ticker.operations.${r.event_type}`, { defaultValue: r.event_type }),
      period: t(`ticker.periods.${r.date_part}`, { defaultValue: r.date_part }),
      count: Number(r.total_count), // plural form; {{number}} is the §9 short form (1.5K)
      number: formatCount(String(r.total_count), i18n.resolvedLanguage),
    }),
  );
  const length = items.join('').length * 8 + items.length * 40;
  const run = (copy: number) =>
    items.map((item, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the ticker's order is its identity
      <Fragment key={`${copy}-${i}`}>
        <Text span size="sm">
          {item}
        </Text>
        {(i + 1) % DISCLAIMER_EVERY === 0 && (
          <Text span size="sm" c="dimmed" fs="italic">
            {t('ticker.disclaimer')}
          </Text>
        )}
      </Fragment>
    ));
  return (
    <Box className="ticker" aria-label={t('ticker.label')} role="region">
      {/* Two copies side by side: when the first has scrolled out, the second stands where the
          first began, so the band is never empty. */}
      <div
        className="ticker-track"
        style={{
          animationDuration: `${Math.max(10, length / TICKER_SPEED)}s`,
          animationPlayState: started ? undefined : 'paused',
        }}
      >
        <div className="ticker-run">{run(0)}</div>
        <div className="ticker-run" aria-hidden="true">
          {run(1)}
        </div>
      </div>
    </Box>
  );
}
