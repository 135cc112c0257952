import { Anchor, Badge, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type AdminOrgDetail, type EffectiveLimits, FEATURE_KEYS, LIMIT_KEYS } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { FeatureName } from '../../../components/feature-hint.js';
import { StatsTable } from '../../../components/stats-table.js';
import { adminKeys, adminQueries, deleteAdminOrg, updateAdminOrg } from '../../../lib/admin-api.js';
import { useOnPremise } from '../../../lib/install.js';
import { formatCount } from '../../../lib/numbers.js';
import { summarise } from '../../../lib/stats.js';
import { formatDate } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { AuditTrail } from '../audit-trail.js';
import { OrgLicencesPanel } from '../licences/org-licences-panel.js';
import { AdminHeader, ReadOnlyNote, StateBadge, TableScroll } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { SubscriptionsPanel } from './subscriptions-panel.js';

/** /admin/organizations/{org_slug}: members, subscriptions, limits in force, series and usage, suspend, delete. */
export function OrgPage() {
  const { orgSlug = '' } = useParams();
  const { t } = useTranslation('admin');
  const org = useQuery(adminQueries.org(orgSlug));
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/organizations" size="sm">
        {t('orgs.backToList')}
      </Anchor>
      {org.isPending && <ListSkeleton rows={6} />}
      {org.isError && (
        <ErrorState title={t('orgs.loadOneFailed')} error={org.error} onRetry={() => org.refetch()} />
      )}
      {org.data && <OrgDetail org={org.data} />}
    </Stack>
  );
}

function OrgDetail({ org }: { org: AdminOrgDetail }) {
  const { t, i18n } = useTranslation('admin');
  const { writable } = useStaff();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'suspend' | 'delete' | null>(null);
  // An install issues no licences: no licences panel there.
  const onPremise = useOnPremise();
  const suspended = org.state === 'suspended';
  const toggle = useMutation({
    mutationFn: () => updateAdminOrg(org.slug, { suspended: !suspended }),
    onSuccess: async (next) => {
      setConfirm(null);
      client.setQueryData(adminQueries.org(org.slug).queryKey, next);
      await client.invalidateQueries({ queryKey: adminKeys.orgs() });
      notifySuccess(next.state === 'suspended' ? t('orgs.suspended') : t('orgs.resumed'));
    },
    onError: (error) => {
      setConfirm(null);
      notifyFailure(t('orgs.saveFailed'), error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteAdminOrg(org.slug, org.slug),
    onSuccess: async () => {
      setConfirm(null);
      await client.invalidateQueries({ queryKey: adminKeys.orgs() });
      notifySuccess(t('orgs.deleted'));
      navigate('/admin/organizations');
    },
    onError: (error) => {
      setConfirm(null);
      notifyFailure(t('orgs.deleteFailed'), error);
    },
  });

  return (
    <>
      <AdminHeader
        title={org.name}
        intro={`${org.slug} · ${t('orgs.createdOn', { date: formatDate(org.created_at, i18n.language) })}`}
        actions={
          <>
            <StateBadge state={org.state} testId="org-state" />
            {org.personal && <Badge variant="default">{t('orgs.personal')}</Badge>}
            {writable && (
              <Button
                variant="default"
                onClick={() => (suspended ? toggle.mutate() : setConfirm('suspend'))}
                loading={toggle.isPending}
                data-testid="org-suspend"
              >
                {suspended ? t('orgs.resume') : t('orgs.suspend')}
              </Button>
            )}
            {writable && !org.personal && (
              <Button
                variant="default"
                color="red"
                onClick={() => setConfirm('delete')}
                data-testid="org-delete"
              >
                {t('actions.delete')}
              </Button>
            )}
          </>
        }
      />
      <ReadOnlyNote />
      <SubscriptionsPanel org={org.slug} subscriptions={org.subscriptions} />
      {onPremise === false && <OrgLicencesPanel org={org.slug} />}
      <Stack gap="lg">
        <Paper withBorder p="md" component="section" aria-labelledby="org-members-heading">
          <Title order={2} size="h4" id="org-members-heading" mb="sm">
            {t('orgs.members')}
          </Title>
          <TableScroll label={t('orgs.members')}>
            <Table verticalSpacing={4} data-testid="org-members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orgs.fields.email')}</Table.Th>
                  <Table.Th>{t('orgs.fields.role')}</Table.Th>
                  <Table.Th>{t('orgs.fields.joined')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {org.members.map((m) => (
                  <Table.Tr key={m.slug}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/users?q=${encodeURIComponent(m.email)}`} size="sm">
                        {m.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`roles.${m.role}`)}</Table.Td>
                    <Table.Td>{formatDate(m.joined_at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="org-usage-heading">
          <Title order={2} size="h4" id="org-usage-heading" mb="sm">
            {t('orgs.usage')}
          </Title>
          <Text size="sm" mb="sm" data-testid="org-series-count">
            {t('orgs.seriesCount', { count: org.series_count })}
          </Text>
          <StatsTable summaries={summarise(org.usage)} caption={t('orgs.usageCaption')} />
        </Paper>
      </Stack>
      <Paper withBorder p="md" component="section" aria-labelledby="org-limits-heading">
        <Title order={2} size="h4" id="org-limits-heading" mb="sm">
          {t('orgs.limits')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: Math.min(3, Math.max(1, org.limits.length)) }}>
          {org.limits.map((limits) => (
            <LimitsCard key={limits.plan_type} limits={limits} />
          ))}
        </SimpleGrid>
      </Paper>

      <AuditTrail type="organisation" id={org.slug} />

      <ConfirmDialog
        opened={confirm === 'suspend'}
        title={t('orgs.suspendTitle', { name: org.name })}
        onConfirm={() => toggle.mutate()}
        onCancel={() => setConfirm(null)}
        loading={toggle.isPending}
        confirmLabel={t('orgs.suspend')}
      >
        <Text size="sm">{t('orgs.suspendBody')}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirm === 'delete'}
        title={t('orgs.deleteTitle', { name: org.name })}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirm(null)}
        loading={remove.isPending}
        confirmLabel={t('actions.delete')}
        typedValue={org.slug}
      >
        <Text size="sm">{t('orgs.deleteBody')}</Text>
      </ConfirmDialog>
    </>
  );
}

/** The limits in force for one plan type: every limit's value (−1 unlimited) and the switches on. */
function LimitsCard({ limits }: { limits: EffectiveLimits }) {
  const { t, i18n } = useTranslation(['admin', 'products']);
  const value = (n: number) => (n === -1 ? t('orgs.unlimited') : formatCount(n, i18n.language));
  return (
    <Stack gap={4} data-testid={`org-limits-${limits.plan_type}`}>
      <Text fw={700}>
        {t(`products:types.${limits.plan_type}`)}: {limits.plan_name}
      </Text>
      <Table verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {LIMIT_KEYS.map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={400}>
                <FeatureName featureKey={key} name={t(`products:features.${key}`)} />
              </Table.Th>
              <Table.Td ta="end">{value(limits.limits[key])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {t('orgs.featuresOn')}:{' '}
        {FEATURE_KEYS.filter((k) => limits.limits[k])
          .map((k) => t(`products:features.${k}`))
          .join(', ') || '—'}
      </Text>
    </Stack>
  );
}
