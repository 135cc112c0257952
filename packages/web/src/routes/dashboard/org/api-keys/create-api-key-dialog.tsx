import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Organisation } from '@slugsmith/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleQueries, createApiKey } from '../../../../lib/console-api.js';
import { FormActions, NameField } from '../../../../ui/form-parts.js';
import { notifyFailure, notifySuccess } from '../../../../ui/notify.js';
import { ErrorState, ListSkeleton } from '../../../../ui/states.js';
import { ScopePicker } from '../../scope-picker.js';

import { ALL_SERIES, type ApiKeyValues, apiKeyForm } from './api-key-form.js';

/** Create a key: its name, scopes, series and expiry; the secret is shown once after. */
export function CreateApiKeyDialog({
  org,
  series,
  opened,
  onClose,
  onCreated,
}: {
  org: Organisation;
  series?: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('keys.createTitle')} centered size="lg">
      <CreateApiKeyForm org={org} series={series} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

/** Mounted each time the dialog opens, so every opening starts from the default scopes. */
function CreateApiKeyForm({
  org,
  series,
  onClose,
  onCreated,
}: {
  org: Organisation;
  series?: string;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const scopes = useQuery(consoleQueries.scopes(org.slug));
  const seriesList = useQuery({
    ...consoleQueries.seriesList(org.slug),
    enabled: !series,
  });
  const form = useForm<ApiKeyValues>({
    initialValues: { name: '', scopes: ['forge', 'mint', 'slice'], series: ALL_SERIES, expires_at: '' },
    validate: apiKeyForm.validate,
  });

  const create = useMutation({
    mutationFn: (values: ApiKeyValues) => createApiKey(org.slug, apiKeyForm.body(values), series),
    onSuccess: (key) => {
      notifySuccess(t('keys.created', { name: key.name }));
      onCreated(key.key);
    },
    onError: (error) => notifyFailure(t('keys.createFailed'), error),
  });

  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
      <Stack>
        <NameField label={t('keys.name')} {...form.getInputProps('name')} data-testid="key-name" />
        {scopes.isPending && <ListSkeleton rows={1} height={60} />}
        {scopes.isError && <ErrorState title={t('keys.scopesFailed')} error={scopes.error} />}
        {scopes.data && <ScopePicker available={scopes.data.api_keys} {...form.getInputProps('scopes')} />}
        {!series && (
          <Select
            label={t('keys.series')}
            data={[
              { value: ALL_SERIES, label: t('keys.allSeries') },
              ...(seriesList.data ?? []).map((s) => ({ value: s.slug, label: `${s.name} (${s.slug})` })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('series')}
          />
        )}
        <TextInput
          type="date"
          label={t('keys.expiry')}
          description={t('keys.expiryHint')}
          {...form.getInputProps('expires_at')}
          data-testid="key-expiry"
        />
        <FormActions busy={create.isPending} onCancel={onClose} testId="key-create-submit">
          {t('keys.create')}
        </FormActions>
      </Stack>
    </form>
  );
}
