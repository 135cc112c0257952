import { Badge, Button, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/session.js';
import { formatCount } from '../../lib/numbers.js';
import { CHECKS } from './checks.js';
import { describeCheckError } from './describe-error.js';
import { type CheckDetail, type CheckResult, pendingResults, runChecks, summary } from './self-check.js';

/** Filled badges in dark shades: white text keeps 4.5:1 in both schemes. */
const COLORS = {
  pass: 'teal.9',
  fail: 'red.8',
  skipped: 'gray.7',
  pending: 'gray.7',
  running: 'blue.8',
} as const;

/**
 * /test-functionality: the install checks itself from the browser — the public calls, the signed
 * generator calls and, when signed in, the console's calls — with pass or fail and the time of
 * each, and a button to run them again.
 */
export function TestFunctionalityPage() {
  // dashboard: the catalogue serverMessage translates the server's known messages from.
  const { t, i18n } = useTranslation(['extras', 'navigation', 'dashboard']);
  const auth = useAuth();
  const signedIn = auth.isAuthenticated;
  const lang = i18n.resolvedLanguage ?? 'en-GB';
  const [results, setResults] = useState<CheckResult[]>(() => pendingResults(CHECKS));
  const [running, setRunning] = useState(false);
  const current = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setRunning(true);
    runChecks(
      CHECKS,
      { signedIn, lang, signal: controller.signal, describe: describeCheckError },
      setResults,
    ).finally(() => {
      if (current.current === controller) setRunning(false);
    });
  }, [signedIn, lang]);

  // Once sign-in has settled: a signed-in visitor's checks run once, with their console calls.
  const settled = !auth.isLoading;
  useEffect(() => {
    if (!settled) return;
    run();
    return () => current.current?.abort();
  }, [run, settled]);

  const counts = summary(results);
  const detailText = (detail: CheckDetail | undefined) =>
    detail === undefined
      ? ''
      : typeof detail === 'string'
        ? detail
        : t(
            `check.detail.${detail.key}`,
            // Numbers (counts, a capacity given as a decimal string) in the reader's locale.
            Object.fromEntries(
              Object.entries(detail.values).map(([k, v]) => [
                k,
                typeof v === 'number' || /^\d+$/.test(v) ? formatCount(v, i18n.resolvedLanguage) : v,
              ]),
            ),
          );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('navigation:titles.testFunctionality')}</Title>
          <Text c="dimmed">{t('check.intro')}</Text>
        </div>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" aria-live="polite" data-testid="check-summary">
            {running ? t('check.running') : t('check.summary', counts)}
          </Text>
          <Button onClick={run} loading={running} data-testid="check-again">
            {t('check.again')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table
            verticalSpacing="sm"
            aria-label={t('navigation:titles.testFunctionality')}
            data-testid="check-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('check.column.check')}</Table.Th>
                <Table.Th>{t('check.column.result')}</Table.Th>
                <Table.Th ta="right">{t('check.column.time')}</Table.Th>
                <Table.Th>{t('check.column.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((r) => (
                <Table.Tr key={r.id} data-testid={`check-${r.id}`} data-status={r.status}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {t(`check.name.${r.id}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`check.about.${r.id}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {r.status === 'running' ? (
                      <Loader size="xs" aria-label={t('check.status.running')} />
                    ) : (
                      <Badge color={COLORS[r.status]} variant={r.status === 'pending' ? 'outline' : 'filled'}>
                        {t(`check.status.${r.status}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {r.ms !== undefined
                      ? t('check.ms', { ms: formatCount(r.ms, i18n.resolvedLanguage) })
                      : ''}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="check-detail">
                      {r.status === 'skipped' && r.skipped ? t(`check.skip.${r.skipped}`) : null}
                      {r.status === 'fail' ? r.error : null}
                      {r.status === 'pass' ? detailText(r.detail) : null}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Container>
  );
}
