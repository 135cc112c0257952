import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/numbers.js';
import type { usePatternCheck } from '../playground/pattern-check.js';
import { PatternEditor } from '../playground/pattern-editor.js';
import { useSuggestMeta } from '../playground/use-suggest-meta.js';

/**
 * A series' pattern as the create and edit dialogs take it: the editor with completions and inline
 * errors, the form's own error under it, and the capacity the server computes as one types.
 */
export function SeriesPatternField({
  pattern,
  onChange,
  onSubmit,
  check,
  error,
  unavailable,
  capacityTestId,
}: {
  pattern: string;
  onChange: (pattern: string) => void;
  onSubmit: () => void;
  /** The caller's `usePatternCheck(pattern)`: its validation also decides whether to submit. */
  check: ReturnType<typeof usePatternCheck>;
  error?: ReactNode;
  /** Shown in place of the capacity when the caller knows why it cannot be read. */
  unavailable?: string;
  capacityTestId: string;
}) {
  const { t, i18n } = useTranslation(['dashboard', 'playground']);
  const { meta } = useSuggestMeta();
  return (
    <>
      <PatternEditor
        label={t('dashboard:series.pattern')}
        value={pattern}
        onChange={onChange}
        onSubmit={onSubmit}
        meta={meta}
        validation={check.validation}
      />
      {error && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Paper withBorder radius="md" p="sm" data-testid={capacityTestId}>
        <Text size="xs" c="dimmed">
          {t('dashboard:series.capacity')}
        </Text>
        <Text fw={700}>
          {check.data
            ? formatCount(check.data.capacity, i18n.resolvedLanguage)
            : (unavailable ??
              (check.otherError || check.validation.error ? t('dashboard:series.capacityUnknown') : '…'))}
        </Text>
      </Paper>
    </>
  );
}
