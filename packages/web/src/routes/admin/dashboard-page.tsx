import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { AdminDashboard, GenerationVolume } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminQueries } from '../../lib/admin-api.js';
import { formatPrice } from '../../lib/money.js';
import { formatCount } from '../../lib/numbers.js';
import { formatDate } from '../../ui/format.js';
import { ErrorState, ListSkeleton } from '../../ui/states.js';
import { AdminHeader, TableScroll } from './parts.js';
import { useProvider } from './use-provider.js';

/** /admin: the service at a glance; every figure leads to its list. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const dashboard = useQuery(adminQueries.dashboard());
  return (
    <>
      <AdminHeader title={t('dashboard.title')} intro={t('dashboard.intro')} />
      {dashboard.isPending && <ListSkeleton rows={4} height={90} />}
      {dashboard.isError && (
        <ErrorState
          title={t('dashboard.loadFailed')}
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
        />
      )}
      {dashboard.data && <Figures data={dashboard.data} />}
    </>
  );
}

function Figure({
  label,
  value,
  to,
  testId,
  alert,
}: {
  label: string;
  value: string;
  to: string;
  testId: string;
  alert?: boolean;
}) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId} className="admin-figure">
      <Paper withBorder p="md" radius="md" h="100%">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={28} fw={800} className={alert ? 'admin-error-text' : undefined}>
          {value}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const { t, i18n } = useTranslation('admin');
  const provider = useProvider();
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure
          label={t('dashboard.organisations')}
          value={count(data.organisations)}
          to="/admin/organizations"
          testId="fig-orgs"
        />
        <Figure label={t('dashboard.users')} value={count(data.users)} to="/admin/users" testId="fig-users" />
        <Figure
          label={t('dashboard.paying')}
          value={count(data.paying_subscriptions)}
          to="/admin/organizations?billing=paying"
          testId="fig-paying"
        />
        <Figure
          label={t('dashboard.pastDue')}
          value={count(data.past_due_subscriptions)}
          to="/admin/organizations?billing=past_due"
          testId="fig-past-due"
          alert={data.past_due_subscriptions > 0}
        />
        <Figure
          label={t('dashboard.failedEvents')}
          value={count(data.failed_payment_events)}
          to={`/admin/${encodeURIComponent(provider)}/events?state=failed`}
          testId="fig-failed-events"
          alert={data.failed_payment_events > 0}
        />
        <Figure
          label={t('dashboard.generatedToday')}
          value={count(
            data.generation.today.forge + data.generation.today.mint + data.generation.today.slice,
          )}
          to="/stats"
          testId="fig-generated"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="mrr-heading">
          <Title order={2} size="h4" id="mrr-heading" mb="sm">
            {t('dashboard.mrr')}
          </Title>
          {data.monthly_recurring_revenue.length === 0 ? (
            <Text size="sm">{t('dashboard.noRevenue')}</Text>
          ) : (
            <Table verticalSpacing={4} data-testid="mrr-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.plan')}</Table.Th>
                  <Table.Th ta="end">{t('dashboard.subscriptions')}</Table.Th>
                  <Table.Th ta="end">{t('dashboard.perMonth')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.monthly_recurring_revenue.map((row) => (
                  <Table.Tr key={`${row.plan}-${row.currency}`}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/admin/organizations?plan=${encodeURIComponent(row.plan)}`}
                        size="sm"
                      >
                        {row.plan_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="end">{count(row.subscriptions)}</Table.Td>
                    <Table.Td ta="end">
                      {formatPrice(row.monthly_amount, row.currency, i18n.language)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="signups-heading">
          <Title order={2} size="h4" id="signups-heading" mb="sm">
            {t('dashboard.recentSignUps')}
          </Title>
          {data.recent_sign_ups.length === 0 ? (
            <Text size="sm">{t('users.empty')}</Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.recent_sign_ups.map((user) => (
                <li key={user.id}>
                  <Anchor component={Link} to={`/admin/users?q=${encodeURIComponent(user.email)}`} size="sm">
                    {user.email}
                  </Anchor>{' '}
                  <Text span size="xs" c="dimmed">
                    {formatDate(user.created_at, i18n.language)}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      {/* Not a second landmark: the table's scrolling region is the one named so (landmark-unique). */}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('dashboard.volume')}
        </Title>
        <TableScroll label={t('dashboard.volume')}>
          <Table verticalSpacing={4} data-testid="volume-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.period')}</Table.Th>
                <Table.Th ta="end">forge</Table.Th>
                <Table.Th ta="end">mint</Table.Th>
                <Table.Th ta="end">slice</Table.Th>
                <Table.Th ta="end">{t('dashboard.requests')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(
                [
                  ['today', data.generation.today],
                  ['thisMonth', data.generation.this_month],
                ] as [string, GenerationVolume][]
              ).map(([name, v]) => (
                <Table.Tr key={name}>
                  <Table.Td>{t(`dashboard.${name}`)}</Table.Td>
                  <Table.Td ta="end">{count(v.forge)}</Table.Td>
                  <Table.Td ta="end">{count(v.mint)}</Table.Td>
                  <Table.Td ta="end">{count(v.slice)}</Table.Td>
                  <Table.Td ta="end">{count(v.requests)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Anchor component={Link} to="/stats" size="sm" mt="xs" display="inline-block">
          {t('dashboard.allStats')}
        </Anchor>
      </Paper>
    </Stack>
  );
}
