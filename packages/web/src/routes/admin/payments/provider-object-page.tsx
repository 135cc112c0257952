import { Anchor, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProviderObject, ProviderObjectKind } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { adminKeys, adminQueries, cancelProviderSubscription } from '../../../lib/admin-api.js';
import { formatDateTime } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../ui/states.js';
import { AuditTrail } from '../audit-trail.js';
import { AdminHeader, ReadOnlyNote } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { KindTabs, objectPath } from './kind-tabs.js';

type CancelWhen = 'period_end' | 'immediately';

/** Lists of other kinds that name this object, as filtered list addresses. */
function relatedLists(
  provider: string,
  object: ProviderObject,
): { kind: ProviderObjectKind; query: string }[] {
  const base = `/admin/${encodeURIComponent(provider)}`;
  const id = encodeURIComponent(object.id);
  const to = (kind: ProviderObjectKind, filter: string) => ({
    kind,
    query: `${base}/${kind}?${filter}=${id}`,
  });
  if (object.kind === 'customers')
    return [to('subscriptions', 'customer_id'), to('transactions', 'customer_id')];
  if (object.kind === 'subscriptions') return [to('transactions', 'subscription_id')];
  if (object.kind === 'products') return [to('prices', 'product_id')];
  return [];
}

/** /admin/{provider}/{kind}/{id}: one provider object as the provider holds it; subscriptions can be cancelled. */
export function ProviderObjectPage({ kind }: { kind: ProviderObjectKind }) {
  const { provider = 'local', id = '' } = useParams();
  const { t } = useTranslation(['admin', 'navigation']);
  const object = useQuery(adminQueries.providerObject(provider, kind, id));
  return (
    <>
      <KindTabs provider={provider} current={kind} />
      {object.isPending && <ListSkeleton rows={4} />}
      {object.isError && (
        <ErrorState
          title={t('admin:providerObjects.loadOneFailed')}
          error={object.error}
          onRetry={() => object.refetch()}
        />
      )}
      {object.data && <ObjectDetail provider={provider} object={object.data} />}
    </>
  );
}

function ObjectDetail({ provider, object }: { provider: string; object: ProviderObject }) {
  const { t, i18n } = useTranslation(['admin', 'navigation']);
  const { writable } = useStaff();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<CancelWhen | null>(null);
  const cancel = useMutation({
    mutationFn: (when: CancelWhen) => cancelProviderSubscription(provider, object.id, when),
    onSuccess: async (updated) => {
      setConfirm(null);
      client.setQueryData(
        adminQueries.providerObject(provider, 'subscriptions', object.id).queryKey,
        updated,
      );
      await client.invalidateQueries({ queryKey: adminKeys.providerObjects(provider, 'subscriptions') });
      notifySuccess(t('admin:providerObjects.cancelled'));
    },
    onError: (error) => notifyFailure(t('admin:providerObjects.cancelFailed'), error),
  });
  const cancellable = object.kind === 'subscriptions' && object.status !== 'canceled';
  const scheduled =
    (object.data.scheduled_change as { action?: string } | null | undefined)?.action === 'cancel';
  const facts: [string, React.ReactNode][] = [
    [t('admin:providerObjects.fields.id'), <Code key="id">{object.id}</Code>],
    [
      t('admin:providerObjects.fields.status'),
      <Code key="status" data-testid="object-status">
        {object.status ?? '—'}
      </Code>,
    ],
  ];
  if (object.customer_id && object.kind !== 'customers') {
    facts.push([
      t('admin:providerObjects.fields.customer'),
      <Anchor
        key="customer"
        component={Link}
        to={objectPath(provider, 'customers', object.customer_id)}
        size="sm"
      >
        {object.customer_id}
      </Anchor>,
    ]);
  }
  if (object.created_at) {
    facts.push([t('admin:providerObjects.fields.created'), formatDateTime(object.created_at, i18n.language)]);
  }

  return (
    <>
      <AdminHeader
        title={object.label}
        intro={t(`navigation:titles.payments.${object.kind}`)}
        actions={
          cancellable && writable ? (
            <>
              {!scheduled && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setConfirm('period_end')}
                  data-testid="object-cancel-period-end"
                >
                  {t('admin:providerObjects.cancelPeriodEnd')}
                </Button>
              )}
              <Button
                size="xs"
                variant="default"
                onClick={() => setConfirm('immediately')}
                data-testid="object-cancel-now"
              >
                {t('admin:providerObjects.cancelNow')}
              </Button>
            </>
          ) : undefined
        }
      />
      {cancellable && <ReadOnlyNote />}
      {scheduled && (
        <Text size="sm" mb="sm" data-testid="object-cancel-scheduled">
          {t('admin:providerObjects.cancelScheduled')}
        </Text>
      )}
      <Stack gap="md">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="object-facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" component="div">
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {relatedLists(provider, object).length > 0 && (
            <Group gap="sm" mt="sm">
              {relatedLists(provider, object).map((r) => (
                <Anchor
                  key={r.kind}
                  component={Link}
                  to={r.query}
                  size="sm"
                  data-testid={`object-related-${r.kind}`}
                >
                  {t(`navigation:titles.payments.${r.kind}`)}
                </Anchor>
              ))}
            </Group>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            {t('admin:providerObjects.record')}
          </Title>
          {/* Wrapped, not scrolled: the record reads on a phone and needs no keyboard scrolling. */}
          <Code block data-testid="object-data" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {JSON.stringify(object.data, null, 2)}
          </Code>
        </Paper>
      </Stack>
      {object.kind === 'subscriptions' && <AuditTrail type="provider_subscription" id={object.id} />}
      <ConfirmDialog
        opened={confirm !== null}
        title={t('admin:providerObjects.cancelTitle', { label: object.label })}
        onConfirm={() => confirm && cancel.mutate(confirm)}
        onCancel={() => setConfirm(null)}
        loading={cancel.isPending}
        confirmLabel={
          confirm === 'period_end'
            ? t('admin:providerObjects.cancelPeriodEnd')
            : t('admin:providerObjects.cancelNow')
        }
      >
        <Text size="sm">
          {confirm === 'period_end'
            ? t('admin:providerObjects.cancelPeriodEndBody')
            : t('admin:providerObjects.cancelNowBody')}
        </Text>
      </ConfirmDialog>
    </>
  );
}
