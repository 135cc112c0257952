import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { SeriesInfo } from '@slugsmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlugBadge } from '../../components/slug-badge.js';
import { consoleQueries } from '../../lib/console-api.js';
import { limitsInForce } from '../../model/plan-limits.js';
import { ErrorState } from '../../ui/states.js';

export const WINDOW_SIZES = [10, 25, 50, 100] as const;

/** A position typed by the user: up to 20 digits (positions exceed 2^53), else null. */
export function parseSequence(text: string): bigint | null {
  const trimmed = text.trim();
  return /^\d{1,20}$/.test(trimmed) ? BigInt(trimmed) : null;
}

/**
 * The first position the plan lets a slice start at: at most `windowBack` positions behind the
 * ids handed out (`slice_window_back`; negative: no limit). A window from 0 on a series further
 * on would only be refused.
 */
export function earliestStart(generated: bigint, windowBack: number | undefined): bigint {
  if (windowBack === undefined || windowBack < 0) return 0n;
  const back = BigInt(windowBack);
  return generated > back ? generated - back : 0n;
}

/** The window before and after `start` (clamped to `earliest` and to the last full window). */
export function pageStarts(start: bigint, size: number, capacity: bigint, earliest = 0n) {
  const step = BigInt(size);
  return {
    previous: start > earliest ? (start - earliest > step ? start - step : earliest) : null,
    next: start + step < capacity ? start + step : null,
  };
}

/**
 * The series by position: a window of ids from a sequence number, paged back and forth. Viewing
 * consumes nothing; ids below the generated count have been handed out already. It opens at the
 * earliest position the organisation's plan lets a slice start at.
 */
export function SlicePanel({ org, series }: { org: string; series: SeriesInfo }) {
  const { t } = useTranslation('series');
  const capacity = BigInt(series.capacity);
  const generated = BigInt(series.generated_count);
  // The plan's window (shared with the organisation's other tabs); without it (not readable),
  // the panel opens at 0 as before.
  const limits = useQuery(consoleQueries.limits(org));
  const windowBack = limitsInForce(limits.data)?.limits.slice_window_back;
  const earliest = earliestStart(generated, windowBack);
  // Until the user picks a position, the window follows the earliest one the plan allows.
  const [chosen, setChosen] = useState<bigint | null>(null);
  const [typedText, setTyped] = useState<string | null>(null);
  const start = chosen ?? earliest;
  const typed = typedText ?? start.toString();
  const setStart = (to: bigint) => setChosen(to);
  const [size, setSize] = useState<number>(WINDOW_SIZES[0]);
  const parsed = parseSequence(typed);
  const typedError =
    parsed === null
      ? t('slice.sequenceInvalid')
      : parsed >= capacity
        ? t('slice.beyondCapacity', { max: (capacity - 1n).toString() })
        : null;

  // The last window of a small series is shorter than the chosen size.
  const count = Number(capacity - start < BigInt(size) ? capacity - start : BigInt(size));
  const slice = useQuery({
    ...consoleQueries.slice(org, series.slug, start.toString(), count),
    placeholderData: keepPreviousData,
    // Opened at a position the plan's window decides: asked once the window is known.
    enabled: !limits.isPending,
  });
  const pages = pageStarts(start, size, capacity, earliest);
  const go = (to: bigint) => {
    setStart(to);
    setTyped(to.toString());
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          {t('slice.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('slice.intro')}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (parsed !== null && !typedError) setStart(parsed);
          }}
        >
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('slice.sequence')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              inputMode="numeric"
              error={typedError}
              w={220}
              data-testid="slice-sequence"
            />
            <Select
              label={t('slice.size')}
              value={String(size)}
              onChange={(v) => v && setSize(Number(v))}
              data={WINDOW_SIZES.map((n) => String(n))}
              allowDeselect={false}
              w={120}
            />
            <Button type="submit" mt={25} disabled={!!typedError} data-testid="slice-show">
              {t('slice.show')}
            </Button>
          </Group>
        </form>
        {slice.isError && (
          <ErrorState title={t('slice.failed')} error={slice.error} onRetry={() => slice.refetch()} />
        )}
        {slice.isPending && <Skeleton height={240} radius="md" />}
        {slice.data && (
          <Table.ScrollContainer minWidth={300}>
            <Table striped data-testid="slice-table" style={{ opacity: slice.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('slice.position')}</Table.Th>
                  <Table.Th scope="col">{t('slice.slug')}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('slice.state')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {slice.data.map((slug, i) => {
                  const position = start + BigInt(i);
                  const state = <IssueState issued={position < generated} />;
                  return (
                    <Table.Tr key={position.toString()}>
                      <Table.Td ff="monospace">
                        {position.toString()}
                        {/* Phones have no room for a third column: the state goes under the position. */}
                        <Box hiddenFrom="sm" mt={4}>
                          {state}
                        </Box>
                      </Table.Td>
                      <Table.Td>
                        <SlugBadge slug={slug} size="md" />
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{state}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={pages.previous === null}
            onClick={() => pages.previous !== null && go(pages.previous)}
            data-testid="slice-previous"
          >
            {t('slice.previous')}
          </Button>
          <Button
            variant="default"
            disabled={pages.next === null}
            onClick={() => pages.next !== null && go(pages.next)}
            data-testid="slice-next"
          >
            {t('slice.next')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Whether the id at a position has been handed out (below the generated count). */
function IssueState({ issued }: { issued: boolean }) {
  const { t } = useTranslation('series');
  return issued ? (
    <Badge color="teal.9" variant="filled" size="sm">
      {t('slice.issued')}
    </Badge>
  ) : (
    <Badge variant="default" size="sm">
      {t('slice.notIssued')}
    </Badge>
  );
}
