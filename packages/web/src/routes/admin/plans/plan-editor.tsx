import {
  Anchor,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AdminPlan,
  CreatePlan,
  FEATURE_KEYS,
  LIMIT_KEYS,
  type PlanPrice,
  PlanState,
  PlanType,
  SLA_KEYS,
  UpdatePlan,
} from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFeatureHints } from '../../../auth/feature-hints.js';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.js';
import { adminKeys, createPlan, deletePlan, updatePlan } from '../../../lib/admin-api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { AuditTrail } from '../audit-trail.js';
import { AdminHeader, ReadOnlyNote, StateBadge } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { formFeatures, planCreateForm, planToForm, planUpdateForm } from './plan-form.js';
import { PlanPreview } from './plan-preview.js';
import { NewPlanPrices, PlanPrices } from './plan-prices.js';
import { PlanTranslations } from './plan-translations.js';

/** Creates a plan (no `plan`) or edits one: its fields, every feature and limit key, its prices. */
export function PlanEditor({ plan }: { plan?: AdminPlan }) {
  const { t } = useTranslation(['admin', 'products']);
  const { writable } = useStaff();
  const hints = useFeatureHints();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm({ initialValues: planToForm(plan) });
  const [newPrices, setNewPrices] = useState<PlanPrice[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [preview, setPreview] = useState(false);

  const save = useMutation({
    mutationFn: async () => {
      const values = form.getValues();
      const edit = plan && { original: plan, values };
      const draft = { values, prices: newPrices };
      const refused = edit ? planUpdateForm.validate(edit) : planCreateForm.validate(draft);
      form.setErrors(refused);
      if (Object.keys(refused).length > 0) return null;
      // The contract passed the body: parsing it again only gives it its type.
      return edit
        ? updatePlan(edit.original.slug, UpdatePlan.parse(planUpdateForm.body(edit)))
        : createPlan(CreatePlan.parse(planCreateForm.body(draft)));
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      await client.invalidateQueries({ queryKey: adminKeys.plans() });
      notifySuccess(t('plans.saved', { name: saved.name }));
      if (!plan || saved.slug !== plan.slug)
        navigate(`/admin/subscription-plans?plan=${encodeURIComponent(saved.slug)}`, { replace: true });
      else form.resetDirty(planToForm(saved));
    },
    onError: (error) => notifyFailure(t('plans.saveFailed'), error),
  });

  const remove = useMutation({
    mutationFn: () => deletePlan(plan?.slug ?? ''),
    onSuccess: async () => {
      setConfirmDelete(false);
      await client.invalidateQueries({ queryKey: adminKeys.plans() });
      notifySuccess(t('plans.deleted'));
      navigate('/admin/subscription-plans');
    },
    onError: (error) => {
      setConfirmDelete(false);
      notifyFailure(t('plans.deleteFailed'), error);
    },
  });

  const values = form.getValues();
  const previewPlan: AdminPlan = {
    ...(plan ?? { created_at: '', updated_at: '', subscribable: false }),
    ...values,
    prices: plan?.prices ?? newPrices.map((p, i) => ({ ...p, id: `new-${i}` })),
    subscribable: values.state === 'active' || values.state === 'inactive',
    features: formFeatures(values),
  } as AdminPlan;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/subscription-plans" size="sm">
        {t('plans.backToList')}
      </Anchor>
      <AdminHeader
        title={plan ? t('plans.editTitle', { name: plan.name }) : t('plans.createTitle')}
        actions={
          <>
            {plan && <StateBadge state={plan.state} testId="plan-state" />}
            <Button variant="default" onClick={() => setPreview((p) => !p)} data-testid="plan-preview-toggle">
              {preview ? t('plans.hidePreview') : t('plans.preview')}
            </Button>
          </>
        }
      />
      <ReadOnlyNote />
      {preview && <PlanPreview plan={previewPlan} />}

      <form
        onSubmit={form.onSubmit(() => save.mutate())}
        aria-label={plan ? t('plans.editTitle', { name: plan.name }) : t('plans.createTitle')}
      >
        <fieldset disabled={!writable} className="admin-plain-fieldset">
          <Stack gap="lg">
            <Fieldset legend={t('plans.general')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('plans.fields.slug')}
                  required
                  {...form.getInputProps('slug')}
                  data-testid="plan-slug"
                />
                <TextInput
                  label={t('plans.fields.name')}
                  description={plan && t('products:planTranslations.englishOriginal')}
                  required
                  {...form.getInputProps('name')}
                  data-testid="plan-name"
                />
                <Select
                  label={t('plans.fields.plan_type')}
                  data={PlanType.options.map((v) => ({ value: v, label: t(`products:types.${v}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps('plan_type')}
                  data-testid="plan-type"
                />
                <Select
                  label={t('plans.fields.state')}
                  description={t('plans.stateHint')}
                  data={PlanState.options.map((v) => ({ value: v, label: t(`states.${v}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps('state')}
                  data-testid="plan-state-select"
                />
                <NumberInput
                  label={t('plans.fields.display_order')}
                  allowDecimal={false}
                  {...form.getInputProps('display_order')}
                  data-testid="plan-order"
                />
              </SimpleGrid>
              <Textarea
                mt="sm"
                label={t('plans.fields.description')}
                description={plan && t('products:planTranslations.englishOriginal')}
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps('description')}
                data-testid="plan-description"
              />
              <Group mt="md" gap="xl">
                {(['free', 'custom_features', 'custom_plan'] as const).map((badge) => (
                  <Switch
                    key={badge}
                    label={t(`plans.fields.${badge}`)}
                    {...form.getInputProps(badge, { type: 'checkbox' })}
                    data-testid={`plan-${badge}`}
                  />
                ))}
              </Group>
            </Fieldset>

            <Fieldset legend={t('plans.switches')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {FEATURE_KEYS.map((key) => (
                  <Switch
                    key={key}
                    label={t(`products:features.${key}`)}
                    description={hints[key]}
                    {...form.getInputProps(`switches.${key}`, { type: 'checkbox' })}
                    data-testid={`feature-${key}`}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend={t('plans.limits')}>
              <Text size="sm" c="dimmed" mb="sm">
                {t('plans.limitsHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {LIMIT_KEYS.map((key) => (
                  <NumberInput
                    key={key}
                    label={t(`products:features.${key}`)}
                    description={hints[key]}
                    min={-1}
                    allowDecimal={false}
                    {...form.getInputProps(`limits.${key}`)}
                    data-testid={`limit-${key}`}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend={t('plans.sla')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {SLA_KEYS.map((key) => (
                  <TextInput
                    key={key}
                    label={t(`products:features.${key}`)}
                    description={hints[key]}
                    placeholder={t('plans.slaNone')}
                    {...form.getInputProps(`sla.${key}`)}
                    data-testid={`sla-${key}`}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>

            {!plan && (
              <NewPlanPrices planType={values.plan_type} prices={newPrices} onChange={setNewPrices} />
            )}

            {writable && (
              <Group>
                <Button type="submit" loading={save.isPending} data-testid="plan-save">
                  {plan ? t('actions.save') : t('plans.create')}
                </Button>
                {plan && (
                  <Button
                    variant="default"
                    color="red"
                    onClick={() => setConfirmDelete(true)}
                    data-testid="plan-delete"
                  >
                    {t('actions.delete')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>

      {plan && <PlanPrices plan={plan} />}
      {plan && <PlanTranslations plan={plan} />}
      {plan && <AuditTrail type="plan" id={plan.slug} />}

      {plan && (
        <ConfirmDialog
          opened={confirmDelete}
          title={t('plans.deleteTitle', { name: plan.name })}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirmDelete(false)}
          loading={remove.isPending}
          confirmLabel={t('actions.delete')}
        >
          <Text size="sm">{t('plans.deleteBody')}</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
