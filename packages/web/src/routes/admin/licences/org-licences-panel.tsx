import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import type { IssueLicence, RefusalCode } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../../../lib/admin-api.js';
import { ApiError, refusalReason } from '../../../lib/api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { EmptyState, ErrorState, ListSkeleton } from '../../../ui/states.js';
import { useStaff } from '../use-staff.js';
import { adminLicenceKeys, adminLicenceQueries, issueLicence } from './admin-licences-api.js';
import { AdminLicenceTable } from './licence-table.js';

/** The admin organisation page's licences: the list, and (for admins) issuing one by hand. */
export function OrgLicencesPanel({ org }: { org: string }) {
  const { t } = useTranslation('licences');
  const { writable } = useStaff();
  const [issuing, setIssuing] = useState(false);
  const licences = useQuery(adminLicenceQueries.org(org));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="org-licences-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="org-licences-heading">
          {t('admin.title')}
        </Title>
        {writable && (
          <Button size="compact-sm" onClick={() => setIssuing(true)} data-testid="licence-issue">
            {t('admin.issue')}
          </Button>
        )}
      </Group>
      {licences.isPending && <ListSkeleton rows={2} height={36} />}
      {licences.isError && (
        <ErrorState title={t('loadFailed')} error={licences.error} onRetry={() => licences.refetch()} />
      )}
      {licences.data?.length === 0 && <EmptyState title={t('empty')} />}
      {licences.data && licences.data.length > 0 && (
        <AdminLicenceTable licences={licences.data} showOrg={false} />
      )}
      {issuing && <IssueDialog org={org} onClose={() => setIssuing(false)} />}
    </Paper>
  );
}

/** The server's refusals of a field, by their code, in the dialog's own words. */
const FIELD_MESSAGES: Partial<Record<RefusalCode, string>> = {
  plan_not_found: 'errors.planNotFound',
  not_on_premise_plan: 'errors.notOnPremise',
  perpetual_no_expiry: 'errors.perpetualHasNoExpiry',
  expiry_required: 'errors.expiryRequired',
  expiry_not_in_future: 'errors.expiryNotInFuture',
};

function IssueDialog({ org, onClose }: { org: string; onClose: () => void }) {
  const { t } = useTranslation('licences');
  const client = useQueryClient();
  const plans = useQuery(adminQueries.plans());
  const onPremise = (plans.data ?? []).filter((p) => p.plan_type === 'on_premise');
  const [plan, setPlan] = useState<string | null>(null);
  const [nodes, setNodes] = useState<number | string>(1);
  const [perpetual, setPerpetual] = useState(false);
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = plan ?? onPremise[0]?.slug ?? null;

  const issue = useMutation({
    mutationFn: () => {
      const body: IssueLicence = {
        plan: chosen ?? '',
        max_nodes: Number(nodes),
        perpetual,
        // The end of the chosen day, UTC, like every date in the product.
        ...(!perpetual && validUntil ? { valid_until: `${validUntil}T23:59:59Z` } : {}),
      };
      return issueLicence(org, body);
    },
    onSuccess: async () => {
      notifySuccess(t('admin.issued'));
      await client.invalidateQueries({ queryKey: adminLicenceKeys.all() });
      onClose();
    },
    onError: (error) => {
      // A refusal of one field is shown at the field; anything else as a notice.
      const field =
        error instanceof ApiError ? (error.details as { field?: string } | undefined)?.field : undefined;
      const key = FIELD_MESSAGES[refusalReason(error) as RefusalCode];
      if (field && key) setErrors({ [field]: t(key) });
      else notifyFailure(t('admin.issueFailed'), error);
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('admin.issueTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          issue.mutate();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('fields.plan')}
            data={onPremise.map((p) => ({ value: p.slug, label: p.name }))}
            value={chosen}
            onChange={setPlan}
            error={errors.plan}
            allowDeselect={false}
            data-testid="licence-plan"
          />
          <NumberInput
            label={t('fields.nodes')}
            min={1}
            max={100_000}
            allowDecimal={false}
            value={nodes}
            onChange={setNodes}
            error={errors.max_nodes}
            data-testid="licence-nodes-input"
          />
          <Checkbox
            label={t('admin.perpetualLabel')}
            checked={perpetual}
            onChange={(e) => setPerpetual(e.currentTarget.checked)}
            data-testid="licence-perpetual"
          />
          {!perpetual && (
            <TextInput
              type="date"
              label={t('admin.validUntil')}
              value={validUntil}
              onChange={(e) => setValidUntil(e.currentTarget.value)}
              error={errors.valid_until}
              data-testid="licence-valid-until"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending} data-testid="licence-issue-submit">
              {t('admin.issue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
