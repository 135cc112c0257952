import { Alert, Code, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OrgSeriesUpdate, type SeriesInfo, type OrgSeriesUpdate as SeriesUpdate } from '@slugsmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.js';
import { consoleKeys, updateSeries } from '../../lib/console-api.js';
import { FormActions, NameField } from '../../ui/form-parts.js';
import { contractForm } from '../../ui/forms.js';
import { notifyFailure, notifySuccess } from '../../ui/notify.js';
import { serverMessage } from '../../ui/server-messages.js';
import { usePatternCheck } from '../playground/pattern-check.js';
import { SeriesPatternField } from './series-pattern-field.js';

interface EditValues {
  name: string;
  pattern: string;
}

/** Whether the pattern may still change: the server refuses once the first id was generated. */
export const patternOpen = (series: Pick<SeriesInfo, 'generated_count'>) => series.generated_count === '0';

/** The changes an edit sends: only what changed, and the pattern only while it is open. */
export function seriesChanges(
  series: Pick<SeriesInfo, 'name' | 'pattern' | 'generated_count'>,
  values: EditValues,
): SeriesUpdate {
  const name = values.name.trim();
  return {
    ...(name !== series.name ? { name } : {}),
    ...(patternOpen(series) && values.pattern !== series.pattern ? { pattern: values.pattern } : {}),
  };
}

/** The edit form's checks: the contract's, on the fields as they will be sent. */
export const seriesEditForm = contractForm(OrgSeriesUpdate, (values: EditValues) => ({
  name: values.name.trim(),
  pattern: values.pattern,
}));

/** Rename a series and, until its first id is generated, change its pattern (PUT …/series/:series). */
export function EditSeriesDialog({
  org,
  series,
  opened,
  onClose,
}: {
  org: string;
  series: SeriesInfo;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('series');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('edit.title', { name: series.name })}
      size="lg"
      centered
    >
      <EditSeriesForm org={org} series={series} onClose={onClose} />
    </Modal>
  );
}

/** Mounted each time the dialog opens, so it starts from the series as it is now. */
function EditSeriesForm({ org, series, onClose }: { org: string; series: SeriesInfo; onClose: () => void }) {
  const { t } = useTranslation(['series', 'dashboard', 'playground']);
  const queryClient = useQueryClient();
  const open = patternOpen(series);
  const form = useForm<EditValues>({
    initialValues: { name: series.name, pattern: series.pattern },
    validate: seriesEditForm.validate,
  });
  const pattern = form.values.pattern;
  const check = usePatternCheck(open ? pattern : '', 250);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (changes: SeriesUpdate) => updateSeries(org, series.slug, changes),
    onSuccess: async (updated) => {
      notifySuccess(t('edit.saved', { name: updated.name }));
      queryClient.setQueryData(consoleKeys.series(org, series.slug), updated);
      onClose();
      await queryClient.invalidateQueries({ queryKey: consoleKeys.seriesList(org) });
    },
    onError: async (error) => {
      if (error instanceof ApiError && (error.code === 400 || error.code === 409)) {
        // 409: ids were generated meanwhile; the series is read again, which locks the pattern.
        setRefusal(serverMessage(error));
        if (error.code === 409)
          await queryClient.invalidateQueries({ queryKey: consoleKeys.series(org, series.slug) });
      } else notifyFailure(t('edit.failed'), error);
    },
  });

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    if (open && check.validation.error) return;
    const changes = seriesChanges(series, values);
    if (Object.keys(changes).length === 0) onClose();
    else save.mutate(changes);
  });

  return (
    <form onSubmit={submit}>
      <Stack>
        <NameField
          label={t('dashboard:series.name')}
          {...form.getInputProps('name')}
          data-testid="series-edit-name"
        />
        {open ? (
          <>
            <SeriesPatternField
              pattern={pattern}
              onChange={(value) => form.setFieldValue('pattern', value)}
              onSubmit={() => submit()}
              check={check}
              error={form.errors.pattern}
              capacityTestId="series-edit-capacity"
            />
            <Text size="xs" c="dimmed">
              {t('edit.patternOpen')}
            </Text>
          </>
        ) : (
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('dashboard:series.pattern')}
            </Text>
            <Code block data-testid="series-edit-pattern-locked">
              {series.pattern}
            </Code>
            <Text size="xs" c="dimmed" mt={4}>
              {t('usage.patternLocked')}
            </Text>
          </div>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="series-edit-refusal">
            {refusal}
          </Alert>
        )}
        <FormActions busy={save.isPending} onCancel={onClose} testId="series-edit-submit">
          {t('dashboard:actions.save')}
        </FormActions>
      </Stack>
    </form>
  );
}
