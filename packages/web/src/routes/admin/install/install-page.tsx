import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import type { InstallLicence, InstallNode, InstallStatus } from '@slugsmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STANDING_COLOURS } from '../../../components/install-licence.js';
import { Field } from '../../../ui/field.js';
import { formatDate, formatDateTime } from '../../../ui/format.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { AdminHeader, TableScroll } from '../parts.js';
import { installQueries } from './install-api.js';
import { RevocationPanel } from './revocation-panel.js';

type OnPremise = Extract<InstallStatus, { mode: 'on_premise' }>;

/**
 * /admin/install: how this server runs. As an on-premise install: its licence (holder, plan,
 * nodes, expiry), warnings before and after expiry, and the nodes holding or awaiting a slot.
 * Refreshed every few seconds, as the nodes heartbeat.
 */
export function InstallPage() {
  const { t } = useTranslation('install');
  const status = useQuery({
    ...installQueries.status(),
    refetchInterval: 5_000,
  });
  return (
    <Stack gap="md">
      <AdminHeader title={t('title')} intro={t('intro')} />
      {status.isPending && <ListSkeleton rows={3} />}
      {status.isError && (
        <ErrorState title={t('loadFailed')} error={status.error} onRetry={() => status.refetch()} />
      )}
      {status.data?.mode === 'service' && (
        <Alert variant="light" color="blue" title={t('service.title')} data-testid="install-service">
          {t('service.body')}
        </Alert>
      )}
      {status.data?.mode === 'on_premise' && <OnPremiseInstall status={status.data} />}
    </Stack>
  );
}

function OnPremiseInstall({ status }: { status: OnPremise }) {
  const { t } = useTranslation('install');
  const { licence } = status;
  return (
    <>
      <StandingAlert licence={licence} />
      {!status.serving && licence.standing !== 'expired' && !revokedPastGrace(status) && (
        <Alert variant="light" color="red" data-testid="install-node-refused">
          {t('refusal.nodeLimit', { max: licence.max_nodes })}
        </Alert>
      )}
      <LicenceCard licence={licence} used={status.nodes_in_use} />
      <RevocationPanel revocation={status.revocation} />
      <NodesTable nodes={status.nodes} />
    </>
  );
}

/** This install's licence was revoked and its grace period is over (the revocation panel says so). */
function revokedPastGrace(status: OnPremise): boolean {
  const until = status.revocation.grace_until;
  return until !== null && Date.parse(until) <= Date.now();
}

function StandingAlert({ licence }: { licence: InstallLicence }) {
  const { t, i18n } = useTranslation('install');
  if (licence.standing === 'valid') return null;
  const values = {
    date: formatDate(licence.expires_at, i18n.language),
    graceUntil: formatDate(licence.grace_until, i18n.language),
    days: licence.days_left ?? 0,
  };
  return (
    <Alert
      variant="light"
      color={STANDING_COLOURS[licence.standing]}
      title={t(`standing.${licence.standing}`)}
      data-testid="install-warning"
      data-standing={licence.standing}
    >
      {t(`warning.${licence.standing}`, values)}
    </Alert>
  );
}

function LicenceCard({ licence, used }: { licence: InstallLicence; used: number }) {
  const { t, i18n } = useTranslation('install');
  const lang = i18n.language;
  return (
    <Paper withBorder p="md" data-testid="install-licence">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('licence.title')}
        </Title>
        <Badge variant="dot" color={STANDING_COLOURS[licence.standing]} data-testid="install-standing">
          {t(`standing.${licence.standing}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Field
          label={t('licence.holder')}
          value={`${licence.holder.name} (${licence.holder.slug})`}
          testId="install-holder"
        />
        <Field label={t('licence.plan')} value={licence.plan.name} testId="install-plan" />
        <Field
          label={t('licence.nodes')}
          value={t('licence.nodesInUse', { used, max: licence.max_nodes })}
          testId="install-nodes"
        />
        <Field label={t('licence.issued')} value={formatDate(licence.issued_at, lang)} />
        <Field
          label={t('licence.expires')}
          value={licence.expires_at ? formatDate(licence.expires_at, lang) : t('licence.perpetual')}
          testId="install-expires"
        />
        {licence.updates_until && (
          <Field label={t('licence.updatesUntil')} value={formatDate(licence.updates_until, lang)} />
        )}
        <Field label={t('licence.id')} value={licence.id} />
      </SimpleGrid>
    </Paper>
  );
}

function NodesTable({ nodes }: { nodes: InstallNode[] }) {
  const { t, i18n } = useTranslation('install');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('nodes.title')}
      </Title>
      <TableScroll label={t('nodes.title')}>
        <Table striped data-testid="install-node-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('nodes.slot')}</Table.Th>
              <Table.Th>{t('nodes.host')}</Table.Th>
              <Table.Th>{t('nodes.pid')}</Table.Th>
              <Table.Th>{t('nodes.started')}</Table.Th>
              <Table.Th>{t('nodes.heartbeat')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {nodes.map((node) => (
              <Table.Tr key={node.id} data-testid="install-node">
                <Table.Td>
                  {node.slot ?? (
                    <Badge variant="light" color="gray">
                      {t('nodes.waiting')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {node.host}
                    {node.current && (
                      <Badge variant="light" size="sm">
                        {t('nodes.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{node.pid}</Table.Td>
                <Table.Td>{formatDateTime(node.started_at, i18n.language)}</Table.Td>
                <Table.Td>{formatDateTime(node.heartbeat_at, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
