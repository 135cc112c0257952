import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Organisation, UpdateOrganisation } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.js';
import { consoleKeys, updateOrg } from '../../../lib/console-api.js';
import { FormActions, NameField } from '../../../ui/form-parts.js';
import { contractForm } from '../../../ui/forms.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { serverMessage } from '../../../ui/server-messages.js';

/** The rename a form sends, checked against the contract (the slug, and so every address, stays). */
export const renameOrgForm = contractForm(UpdateOrganisation, (values: { name: string }) => ({
  name: values.name.trim(),
}));

/** Renames an organisation (PUT /orgs/:org, admins and owners). */
export function RenameOrgDialog({
  org,
  opened,
  onClose,
}: {
  org: Organisation;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('org.renameTitle')} centered>
      <RenameOrgForm org={org} onClose={onClose} />
    </Modal>
  );
}

/** Mounted each time the dialog opens, so it starts from the current name. */
function RenameOrgForm({ org, onClose }: { org: Organisation; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { name: org.name }, validate: renameOrgForm.validate });
  const [refusal, setRefusal] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (values: { name: string }) => updateOrg(org.slug, renameOrgForm.body(values)),
    onSuccess: async (updated) => {
      notifySuccess(t('org.renamed', { name: updated.name }));
      // The answer carries the caller's role and flags as GET /orgs/:org does.
      queryClient.setQueryData(consoleKeys.org(org.slug), updated);
      onClose();
      await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code >= 400 && error.code < 500)
        setRefusal(serverMessage(error));
      else notifyFailure(t('org.renameFailed'), error);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setRefusal(null);
        if (values.name.trim() === org.name) onClose();
        else rename.mutate(values);
      })}
    >
      <Stack>
        <NameField label={t('orgs.name')} {...form.getInputProps('name')} data-testid="org-rename-name" />
        <Text size="xs" c="dimmed">
          {t('org.renameHint', { slug: org.slug })}
        </Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="org-rename-refusal">
            {refusal}
          </Alert>
        )}
        <FormActions busy={rename.isPending} onCancel={onClose} testId="org-rename-submit">
          {t('actions.save')}
        </FormActions>
      </Stack>
    </form>
  );
}
