import { Modal, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Organisation, Rotation, SdkConfig } from '@slugsmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm/confirm-dialog.js';
import {
  consoleKeys,
  consoleQueries,
  createSdkConfig,
  updateSdkConfig,
} from '../../../../lib/console-api.js';
import { replacesKeys } from '../../../../model/sdk-keys.js';
import { FormActions, NameField } from '../../../../ui/form-parts.js';
import { notifyFailure, notifySuccess } from '../../../../ui/notify.js';
import { ScopePicker } from '../../scope-picker.js';
import { blankValues, type ConfigValues, sdkConfigForm, valuesOf } from './config-form.js';

/** Create a config, or change one; a new rotation policy or period asks for confirmation first. */
export function ConfigDialog({
  org,
  series,
  editing,
  onClose,
}: {
  org: Organisation;
  series?: string;
  editing: SdkConfig | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const queryClient = useQueryClient();
  const isNew = editing === 'new';
  const existing = editing !== null && editing !== 'new' ? editing : null;
  const form = useForm<ConfigValues>({ initialValues: blankValues(), validate: sdkConfigForm.validate });
  const [confirmingReplace, setConfirmingReplace] = useState(false);
  const scopes = useQuery({
    ...consoleQueries.scopes(org.slug),
    enabled: editing !== null,
  });
  const seriesList = useQuery({
    ...consoleQueries.seriesList(org.slug),
    enabled: isNew && !series,
  });

  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (editing === null) return;
    setConfirmingReplace(false);
    setValues(editing === 'new' ? blankValues() : valuesOf(editing));
    clearErrors();
  }, [editing, setValues, clearErrors]);

  const save = useMutation({
    mutationFn: (values: ConfigValues) => {
      const body = sdkConfigForm.body(values);
      if (existing) return updateSdkConfig(org.slug, existing.slug, body);
      return createSdkConfig(
        org.slug,
        { ...body, ...(!series && values.series ? { series: values.series } : {}) },
        series,
      );
    },
    onSuccess: async (c) => {
      notifySuccess(existing ? t('sdk.saved', { name: c.name }) : t('sdk.created', { name: c.name }));
      queryClient.setQueryData(consoleKeys.sdkConfig(org.slug, c.slug), c);
      setConfirmingReplace(false);
      onClose();
      await queryClient.invalidateQueries({ queryKey: consoleKeys.org(org.slug) });
    },
    onError: (error) => notifyFailure(existing ? t('sdk.updateFailed') : t('sdk.createFailed'), error),
  });

  const submit = form.onSubmit((values) => {
    if (existing && replacesKeys(existing, values)) setConfirmingReplace(true);
    else save.mutate(values);
  });

  return (
    <>
      <Modal
        opened={editing !== null && !confirmingReplace}
        onClose={onClose}
        title={isNew ? t('sdk.createTitle') : t('sdk.editTitle')}
        centered
        size="lg"
      >
        <form onSubmit={submit}>
          <Stack>
            <NameField label={t('sdk.name')} {...form.getInputProps('name')} data-testid="sdk-name" />
            <div>
              <Text size="sm" fw={500} mb={4} id="rotation-label">
                {t('sdk.rotation')}
              </Text>
              <SegmentedControl
                aria-labelledby="rotation-label"
                value={form.values.rotation}
                onChange={(v) => form.setFieldValue('rotation', v as Rotation)}
                data={[
                  { value: 'manual', label: t('sdk.manual') },
                  { value: 'automatic', label: t('sdk.automatic') },
                ]}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {form.values.rotation === 'manual' ? t('sdk.manualHint') : t('sdk.automaticHint')}
              </Text>
            </div>
            {form.values.rotation === 'automatic' && (
              <TextInput
                label={t('sdk.period')}
                description={t('sdk.periodHint')}
                {...form.getInputProps('rotation_period')}
                classNames={{ input: 'mono-input' }}
                w={200}
                data-testid="sdk-period"
              />
            )}
            {scopes.data && (
              <ScopePicker available={scopes.data.sdk_configs} {...form.getInputProps('scopes')} />
            )}
            <Text size="xs" c="dimmed">
              {t('sdk.noResetScopes')}
            </Text>
            {isNew && !series && (
              <Select
                label={t('keys.series')}
                data={[
                  { value: '', label: t('keys.allSeries') },
                  ...(seriesList.data ?? []).map((s) => ({ value: s.slug, label: `${s.name} (${s.slug})` })),
                ]}
                allowDeselect={false}
                {...form.getInputProps('series')}
              />
            )}
            <Textarea
              label={t('sdk.origins')}
              description={t('sdk.originsHint')}
              placeholder={'https://app.example.com\nhttp://localhost:3000'}
              autosize
              minRows={3}
              {...form.getInputProps('allowed_origins')}
              classNames={{ input: 'mono-input' }}
              data-testid="sdk-origins"
            />
            <Switch label={t('sdk.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <FormActions busy={save.isPending} onCancel={onClose} testId="sdk-save">
              {isNew ? t('sdk.create') : t('actions.save')}
            </FormActions>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirmingReplace}
        title={t('sdk.replaceTitle')}
        confirmLabel={t('sdk.replaceConfirm')}
        loading={save.isPending}
        onCancel={() => setConfirmingReplace(false)}
        onConfirm={() => save.mutate(form.getValues())}
      >
        <Text size="sm">{t('sdk.replaceText')}</Text>
      </ConfirmDialog>
    </>
  );
}
