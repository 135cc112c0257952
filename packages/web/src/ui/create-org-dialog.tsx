import { Button, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateOrganisation } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api.js';
import { consoleKeys, createOrg } from '../lib/console-api.js';
import { forge } from '../lib/generator-api.js';
import { FormActions } from './form-parts.js';
import { contractForm } from './forms.js';
import {
  type NameAndSlug,
  NameAndSlugFields,
  nameAndSlugBody,
  useSlugFollowingName,
} from './name-and-slug.js';
import { notifyFailure, notifySuccess } from './notify.js';
import { serverMessage } from './server-messages.js';

/** The pattern the name suggestion forges: two friendly words. */
export const NAME_SUGGESTION_PATTERN = '{adjective}-{noun}';

/**
 * Two words forged by the generation API; when the API refuses a signed-in user without a key
 * (401/403), our generator runs in the browser on its small built-in word list instead.
 */
export async function suggestName(): Promise<string[]> {
  try {
    return await forge({ pattern: NAME_SUGGESTION_PATTERN, count: 1 });
  } catch (error) {
    if (!(error instanceof ApiError) || ![401, 403].includes(error.code)) throw error;
    const { Generator, SAMPLE_BUNDLE } = await import('@slugsmith/generator');
    return new Generator(SAMPLE_BUNDLE).forge(NAME_SUGGESTION_PATTERN, { count: 1 });
  }
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The organisation a create form sends, checked against the contract. */
export const orgForm = contractForm(CreateOrganisation, nameAndSlugBody);

/**
 * Create an organisation: the slug follows the name until edited; "Suggest a name" forges one
 * with our generator through the API.
 */
export function CreateOrgDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('orgs.createTitle')} centered>
      <CreateOrgForm onClose={onClose} />
    </Modal>
  );
}

/** Mounted each time the dialog opens, so every opening starts empty. */
function CreateOrgForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<NameAndSlug>({ initialValues: { name: '', slug: '' }, validate: orgForm.validate });
  const fields = useSlugFollowingName(form, i18n.language);

  const suggest = useMutation({
    mutationFn: suggestName,
    onSuccess: ([suggestion]) => {
      if (!suggestion) return;
      fields.fill(titleCase(suggestion), suggestion);
    },
    onError: (error) => notifyFailure(t('dashboard:orgs.suggestFailed'), error),
  });

  const create = useMutation({
    mutationFn: (values: NameAndSlug) => createOrg(orgForm.body(values)),
    onSuccess: async (org) => {
      notifySuccess(t('dashboard:orgs.created', { name: org.name }));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
      onClose();
      navigate(`/dashboard/org/${encodeURIComponent(org.slug)}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 409) form.setFieldError('slug', serverMessage(error));
      else notifyFailure(t('dashboard:orgs.createFailed'), error);
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
      <Stack>
        <NameAndSlugFields
          fields={fields}
          labels={{ name: t('orgs.name'), slug: t('orgs.slug'), slugHint: t('orgs.slugHint') }}
          prefix="org"
        />
        <FormActions
          busy={create.isPending}
          onCancel={onClose}
          testId="org-create-submit"
          aside={
            <Button variant="subtle" onClick={() => suggest.mutate()} loading={suggest.isPending}>
              {t('orgs.suggest')}
            </Button>
          }
        >
          {t('orgs.create')}
        </FormActions>
      </Stack>
    </form>
  );
}
