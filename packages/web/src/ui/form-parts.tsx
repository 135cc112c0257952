import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A name (at most 100 characters, as the contract allows), focused when its dialog opens. */
export function NameField(props: TextInputProps & { 'data-testid': string }) {
  return <TextInput maxLength={100} data-autofocus {...props} />;
}

/**
 * Cancel and submit (labelled by `children`) at the foot of a dialog's form; `aside` stands on
 * the left (e.g. a suggestion).
 */
export function FormActions({
  busy,
  onCancel,
  testId,
  aside,
  children,
}: {
  busy: boolean;
  onCancel: () => void;
  testId: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const buttons = (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={busy} data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
  if (!aside) return buttons;
  return (
    <Group justify="space-between">
      {aside}
      {buttons}
    </Group>
  );
}
