import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.js';
import { consoleKeys, createOrg } from '../../lib/console-api.js';
import { forge } from '../../lib/generator-api.js';
import type { FieldError } from './forms.js';
import { useNameAndSlug } from './name-and-slug.js';
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

/**
 * Create an organisation: the slug follows the name until edited; "Suggest a name" forges one
 * with our generator through the API.
 */
export function CreateOrgDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { name, slug, nameError, slugError, changeName, changeSlug, fill } = useNameAndSlug(opened);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: 'name' | 'slug'; message: string } | null>(null);

  useEffect(() => {
    if (!opened) return;
    setSubmitted(false);
    setServerError(null);
  }, [opened]);

  const suggest = useMutation({
    mutationFn: suggestName,
    onSuccess: ([suggestion]) => {
      if (!suggestion) return;
      fill(titleCase(suggestion), suggestion);
    },
    onError: (error) => notifyFailure(t('dashboard:orgs.suggestFailed'), error),
  });

  const create = useMutation({
    mutationFn: () => createOrg({ name: name.trim(), ...(slug ? { slug } : {}) }),
    onSuccess: async (org) => {
      notifySuccess(t('dashboard:orgs.created', { name: org.name }));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.orgs() });
      onClose();
      navigate(`/dashboard/org/${encodeURIComponent(org.slug)}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 409) {
        setServerError({ field: 'slug', message: serverMessage(error) });
        return;
      }
      notifyFailure(t('dashboard:orgs.createFailed'), error);
    },
  });

  const show = (e: FieldError) => (e && submitted ? t(e.key, e.values) : undefined);

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    if (nameError || slugError) return;
    create.mutate();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dashboard:orgs.createTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('dashboard:orgs.name')}
            value={name}
            maxLength={100}
            onChange={(e) => changeName(e.currentTarget.value)}
            error={show(nameError)}
            data-autofocus
            data-testid="org-name"
          />
          <TextInput
            label={t('dashboard:orgs.slug')}
            description={t('dashboard:orgs.slugHint')}
            value={slug}
            maxLength={40}
            onChange={(e) => changeSlug(e.currentTarget.value)}
            error={show(slugError) ?? (serverError?.field === 'slug' ? serverError.message : undefined)}
            ff="monospace"
            data-testid="org-slug"
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => suggest.mutate()} loading={suggest.isPending}>
              {t('dashboard:orgs.suggest')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('dashboard:actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="org-create-submit">
                {t('dashboard:orgs.create')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
