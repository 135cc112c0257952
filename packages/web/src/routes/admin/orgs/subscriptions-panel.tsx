import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import {
  CreateSubscription,
  type Subscription,
  SubscriptionState,
  UpdateSubscription,
} from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import {
  adminKeys,
  adminQueries,
  createOrgSubscription,
  deleteOrgSubscription,
  updateOrgSubscription,
} from '../../../lib/admin-api.js';
import { formatDate } from '../../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { StateBadge, TableScroll } from '../parts.js';
import { useStaff } from '../use-staff.js';
import {
  cancelBody,
  createSubscriptionForm,
  type SubscriptionFormValues,
  subscriptionToForm,
  updateSubscriptionForm,
} from './subscription-form.js';

/** An organisation's subscriptions: staff create, edit (state, quantity, dates), cancel and delete them. */
export function SubscriptionsPanel({ org, subscriptions }: { org: string; subscriptions: Subscription[] }) {
  const { t, i18n } = useTranslation(['admin', 'dashboard']);
  const { writable } = useStaff();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.org(org) });
  const cancel = useMutation({
    mutationFn: (s: Subscription) => updateOrgSubscription(org, s.id, cancelBody()),
    onSuccess: async () => {
      await refresh();
      notifySuccess(t('subs.cancelled'));
    },
    onError: (error) => notifyFailure(t('subs.saveFailed'), error),
  });
  const remove = useMutation({
    mutationFn: (s: Subscription) => deleteOrgSubscription(org, s.id),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
      notifySuccess(t('subs.deleted'));
    },
    onError: (error) => {
      setDeleting(null);
      notifyFailure(t('subs.saveFailed'), error);
    },
  });
  const date = (iso: string | null) => formatDate(iso, i18n.language);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="org-subs-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="org-subs-heading">
          {t('subs.title')}
        </Title>
        {writable && (
          <Button size="xs" onClick={() => setEditing('new')} data-testid="sub-create">
            {t('subs.create')}
          </Button>
        )}
      </Group>
      {subscriptions.length === 0 ? (
        <Text size="sm">{t('subs.empty')}</Text>
      ) : (
        <TableScroll label={t('subs.title')}>
          <Table verticalSpacing="xs" data-testid="org-subscriptions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subs.fields.plan')}</Table.Th>
                <Table.Th>{t('subs.fields.state')}</Table.Th>
                <Table.Th>{t('subs.fields.quantity')}</Table.Th>
                <Table.Th>{t('subs.fields.started_at')}</Table.Th>
                <Table.Th>{t('subs.fields.renews_at')}</Table.Th>
                <Table.Th>{t('subs.fields.ends_at')}</Table.Th>
                <Table.Th>{t('subs.fields.billing')}</Table.Th>
                {writable && <Table.Th>{t('subs.fields.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.map((s) => (
                <Table.Tr key={s.id} data-testid={`sub-row-${s.plan.slug}`}>
                  <Table.Td>{s.plan.name}</Table.Td>
                  <Table.Td>
                    <StateBadge state={s.state} testId={`sub-state-${s.plan.slug}`} />
                  </Table.Td>
                  <Table.Td>
                    {s.quantity} {t(`dashboard:plan.units.${s.unit}`, { count: s.quantity })}
                  </Table.Td>
                  <Table.Td>{date(s.started_at)}</Table.Td>
                  <Table.Td>{date(s.renews_at)}</Table.Td>
                  <Table.Td>{date(s.ends_at)}</Table.Td>
                  <Table.Td>{s.billing ? s.billing.provider : t('subs.byHand')}</Table.Td>
                  {writable && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setEditing(s)}
                          aria-label={`${t('actions.edit')}: ${s.plan.name}`}
                          data-testid={`sub-edit-${s.plan.slug}`}
                        >
                          {t('actions.edit')}
                        </Button>
                        {s.state !== 'cancelled' && s.billing === null && (
                          <Button
                            size="compact-xs"
                            variant="default"
                            loading={cancel.isPending && cancel.variables?.id === s.id}
                            onClick={() => cancel.mutate(s)}
                            aria-label={`${t('subs.cancel')}: ${s.plan.name}`}
                          >
                            {t('subs.cancel')}
                          </Button>
                        )}
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setDeleting(s)}
                          aria-label={`${t('actions.delete')}: ${s.plan.name}`}
                        >
                          {t('actions.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {editing && (
        <SubscriptionDialog
          org={org}
          subscription={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('subs.deleteTitle', { plan: deleting?.plan.name ?? '' })}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
        confirmLabel={t('actions.delete')}
      >
        <Text size="sm">{t('subs.deleteBody')}</Text>
      </ConfirmDialog>
    </Paper>
  );
}

function SubscriptionDialog({
  org,
  subscription,
  onClose,
}: {
  org: string;
  subscription?: Subscription;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [values, setValues] = useState<SubscriptionFormValues>(subscriptionToForm(subscription));
  const [errors, setErrors] = useState<FormErrors>({});
  const plans = useQuery({
    ...adminQueries.plans(),
    enabled: !subscription,
  });
  const set = (patch: Partial<SubscriptionFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: async () => {
      const edit = subscription && { original: subscription, values };
      const refused = edit ? updateSubscriptionForm.validate(edit) : createSubscriptionForm.validate(values);
      setErrors(refused);
      if (Object.keys(refused).length > 0) return false;
      // The contract passed the body: parsing it again only gives it its type.
      if (edit)
        await updateOrgSubscription(
          org,
          edit.original.id,
          UpdateSubscription.parse(updateSubscriptionForm.body(edit)),
        );
      else await createOrgSubscription(org, CreateSubscription.parse(createSubscriptionForm.body(values)));
      return true;
    },
    onSuccess: async (done) => {
      if (!done) return;
      await client.invalidateQueries({ queryKey: adminKeys.org(org) });
      notifySuccess(t('subs.saved'));
      onClose();
    },
    onError: (error) => notifyFailure(t('subs.saveFailed'), error),
  });
  const subscribable = (plans.data ?? []).filter((p) => p.state === 'active' || p.state === 'inactive');
  const dateInput = (field: 'started_at' | 'trial_until' | 'renews_at' | 'ends_at') => (
    <TextInput
      type="date"
      label={t(`subs.fields.${field}`)}
      value={values[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      error={errors[field]}
      data-testid={`sub-${field}`}
    />
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={subscription ? t('subs.editNamed', { plan: subscription.plan.name }) : t('subs.create')}
      centered
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          {!subscription && (
            <Select
              label={t('subs.fields.plan')}
              data={subscribable.map((p) => ({ value: p.slug, label: p.name }))}
              value={values.plan || null}
              onChange={(v) => set({ plan: v ?? '' })}
              error={errors.plan}
              required
              searchable
              data-testid="sub-plan"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('subs.fields.state')}
              data={SubscriptionState.options.map((s) => ({ value: s, label: t(`states.${s}`) }))}
              value={values.state}
              onChange={(v) => v && set({ state: v as SubscriptionFormValues['state'] })}
              allowDeselect={false}
              data-testid="sub-state"
            />
            <NumberInput
              label={t('subs.fields.quantity')}
              min={1}
              allowDecimal={false}
              value={values.quantity}
              onChange={(v) => set({ quantity: v })}
              error={errors.quantity}
              data-testid="sub-quantity"
            />
            {dateInput('started_at')}
            {dateInput('trial_until')}
            {dateInput('renews_at')}
            {dateInput('ends_at')}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('subs.datesUtc')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="sub-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
