import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AdminPlan,
  DOCUMENT_LANGUAGES,
  type SetPlanTranslation,
  TRANSLATED_SLA_KEYS,
  type TranslatedSlaKey,
} from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminKeys, deletePlanTranslation, setPlanTranslation } from '../../../lib/admin-api.js';
import { notifyFailure, notifySuccess } from '../../../ui/notify.js';
import { useStaff } from '../use-staff.js';

/** The languages a plan is translated into: every stored one but English, the plan's own. */
const LANGUAGES = DOCUMENT_LANGUAGES.filter((l) => l !== 'en');

/**
 * A plan's name, description and SLA words in the other languages, one language at a time (as
 * documents are translated). Empty fields show the English text to readers of that language.
 */
export function PlanTranslations({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation(['admin', 'products']);
  const [language, setLanguage] = useState<string>(LANGUAGES[0]);
  const translated = new Set(plan.translations.map((x) => x.language));
  return (
    <Fieldset legend={t('products:planTranslations.title')} data-testid="plan-translations">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('products:planTranslations.hint')}
        </Text>
        <Select
          label={t('products:planTranslations.language')}
          data={LANGUAGES.map((l) => ({
            value: l,
            label: `${t(`languages.${l}`)} · ${t(translated.has(l) ? 'products:planTranslations.done' : 'products:planTranslations.missing')}`,
          }))}
          value={language}
          onChange={(value) => value && setLanguage(value)}
          allowDeselect={false}
          maw={360}
          data-testid="plan-translation-language"
        />
        <TranslationForm key={`${language}:${plan.updated_at}`} plan={plan} language={language} />
      </Stack>
    </Fieldset>
  );
}

function TranslationForm({ plan, language }: { plan: AdminPlan; language: string }) {
  const { t } = useTranslation(['admin', 'products']);
  const { writable } = useStaff();
  const client = useQueryClient();
  const existing = plan.translations.find((x) => x.language === language);
  const form = useForm({
    initialValues: {
      name: existing?.name ?? '',
      description: existing?.description ?? '',
      sla: Object.fromEntries(TRANSLATED_SLA_KEYS.map((k) => [k, existing?.sla[k] ?? ''])) as Record<
        TranslatedSlaKey,
        string
      >,
    },
  });
  const languageName = t(`languages.${language}`);
  const done = async (message: string) => {
    await client.invalidateQueries({ queryKey: adminKeys.plans() });
    notifySuccess(message);
  };
  const save = useMutation({
    mutationFn: (body: SetPlanTranslation) => setPlanTranslation(plan.slug, language, body),
    onSuccess: () => done(t('products:planTranslations.saved', { language: languageName })),
    onError: (error) => notifyFailure(t('products:planTranslations.failed'), error),
  });
  const remove = useMutation({
    mutationFn: () => deletePlanTranslation(plan.slug, language),
    onSuccess: () => done(t('products:planTranslations.removed', { language: languageName })),
    onError: (error) => notifyFailure(t('products:planTranslations.failed'), error),
  });
  // Only the SLA terms the plan offers have words to translate.
  const slaKeys = TRANSLATED_SLA_KEYS.filter((k) => plan.features[k]);

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        if (!values.name.trim()) {
          form.setFieldError('name', t('products:planTranslations.nameRequired'));
          return;
        }
        save.mutate(values);
      })}
      aria-label={t('products:planTranslations.formLabel', { language: languageName })}
    >
      <fieldset disabled={!writable} className="admin-plain-fieldset">
        <Stack gap="sm">
          <TextInput
            label={t('plans.fields.name')}
            placeholder={plan.name}
            required
            {...form.getInputProps('name')}
            data-testid="plan-translation-name"
          />
          <Textarea
            label={t('plans.fields.description')}
            placeholder={plan.description}
            autosize
            minRows={2}
            maxRows={8}
            {...form.getInputProps('description')}
            data-testid="plan-translation-description"
          />
          {slaKeys.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {slaKeys.map((key) => (
                <TextInput
                  key={key}
                  label={t(`products:features.${key}`)}
                  placeholder={String(plan.features[key])}
                  {...form.getInputProps(`sla.${key}`)}
                  data-testid={`plan-translation-${key}`}
                />
              ))}
            </SimpleGrid>
          )}
          {writable && (
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="plan-translation-save">
                {t('products:planTranslations.save', { language: languageName })}
              </Button>
              {existing && (
                <Button
                  variant="default"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                  data-testid="plan-translation-remove"
                >
                  {t('products:planTranslations.remove')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
