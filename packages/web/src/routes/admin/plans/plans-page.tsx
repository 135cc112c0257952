import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import type { AdminPlan } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { adminQueries } from '../../../lib/admin-api.js';
import { formatPrice } from '../../../lib/money.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { CatalogueSync } from '../../products/catalogue-sync.js';
import { AdminHeader, ReadOnlyNote, StateBadge, TableScroll } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { PlanEditor } from './plan-editor.js';
import { sortPlans } from './plan-form.js';

/** /admin/subscription-plans: every plan in every state; `?plan=<slug>` edits one, `?plan=new` creates. */
export function PlansPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const editing = params.get('plan');
  const { writable } = useStaff();
  const plans = useQuery(adminQueries.plans());

  if (editing !== null) {
    const plan = plans.data?.find((p) => p.slug === editing);
    if (editing !== 'new' && plans.isPending) return <ListSkeleton rows={6} />;
    if (editing !== 'new' && plans.isError)
      return <ErrorState title={t('plans.loadFailed')} error={plans.error} onRetry={() => plans.refetch()} />;
    if (editing !== 'new' && !plan)
      return (
        <Paper withBorder p="lg" data-testid="plan-missing">
          <Text>{t('plans.notFound', { slug: editing })}</Text>
          <Anchor component={Link} to="/admin/subscription-plans">
            {t('plans.backToList')}
          </Anchor>
        </Paper>
      );
    return <PlanEditor key={editing} plan={plan} />;
  }

  return (
    <>
      <AdminHeader
        title={t('plans.title')}
        intro={t('plans.intro')}
        actions={
          writable && (
            <Button component={Link} to="?plan=new" data-testid="plan-create">
              {t('plans.create')}
            </Button>
          )
        }
      />
      <ReadOnlyNote />
      {writable && <CatalogueSync />}
      {plans.isPending && <ListSkeleton rows={5} />}
      {plans.isError && (
        <ErrorState title={t('plans.loadFailed')} error={plans.error} onRetry={() => plans.refetch()} />
      )}
      {plans.data && <PlanTable plans={sortPlans(plans.data)} />}
    </>
  );
}

function PlanTable({ plans }: { plans: AdminPlan[] }) {
  const { t, i18n } = useTranslation(['admin', 'products']);
  if (plans.length === 0) return <Text data-testid="plans-empty">{t('plans.empty')}</Text>;
  return (
    <TableScroll label={t('plans.title')}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="plans-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('plans.fields.name')}</Table.Th>
            <Table.Th>{t('plans.fields.plan_type')}</Table.Th>
            <Table.Th>{t('plans.fields.state')}</Table.Th>
            <Table.Th>{t('plans.fields.display_order')}</Table.Th>
            <Table.Th>{t('plans.prices')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => (
            <Table.Tr key={plan.slug} data-testid={`plan-row-${plan.slug}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`?plan=${encodeURIComponent(plan.slug)}`}
                    data-testid={`plan-edit-${plan.slug}`}
                  >
                    {plan.name}
                  </Anchor>
                  {plan.free && (
                    <Badge size="xs" variant="default">
                      {t('products:badges.free')}
                    </Badge>
                  )}
                  {plan.custom_plan && (
                    <Badge size="xs" variant="default">
                      {t('products:badges.custom')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {plan.slug}
                </Text>
              </Table.Td>
              <Table.Td>{t(`products:types.${plan.plan_type}`)}</Table.Td>
              <Table.Td>
                <StateBadge state={plan.state} />
              </Table.Td>
              <Table.Td>{plan.display_order}</Table.Td>
              <Table.Td>
                {plan.prices.length === 0
                  ? '—'
                  : plan.prices
                      .map(
                        (p) =>
                          `${formatPrice(p.amount, p.currency, i18n.language)} ${t(`products:period.${p.period}`)}${
                            p.per_node ? ` ${t('plans.perNodeShort')}` : ''
                          }`,
                      )
                      .join(' · ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
