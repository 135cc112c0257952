import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen and what cannot be undone. */
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Label of the confirming button (default "Confirm"). */
  confirmLabel?: string;
  /** Red confirming button for destructive actions (default true). */
  danger?: boolean;
  /** The action is running: the confirming button spins and the dialog stays open. */
  loading?: boolean;
  /** When set, the user must type exactly this text before confirming (typed confirmation). */
  typedValue?: string;
}

/** Whether the typed text matches the required confirmation text (exactly, surrounding spaces ignored). */
export function typedConfirmationMatches(typed: string, required: string): boolean {
  return typed.trim() === required;
}

/**
 * Confirmation before an action that cannot be undone (product spec §5: deleting an organisation,
 * series or API key; §4: rotating keys, resetting a series). With `typedValue` the confirming
 * button stays disabled until that text is typed.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  danger = true,
  loading = false,
  typedValue,
}: ConfirmDialogProps) {
  const { t } = useTranslation('components');
  const [typed, setTyped] = useState('');
  const inputId = useId();
  // A reopened dialog starts empty again.
  useEffect(() => {
    if (opened) setTyped('');
  }, [opened]);
  const blocked = typedValue !== undefined && !typedConfirmationMatches(typed, typedValue);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={title}
      centered
      data-testid="confirm-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked && !loading) onConfirm();
        }}
      >
        <Stack>
          <div>{children}</div>
          {typedValue !== undefined && (
            <TextInput
              id={inputId}
              label={
                <Text span size="sm">
                  {t('confirm.typeToConfirm')} <Code>{typedValue}</Code>
                </Text>
              }
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              data-testid="confirm-typed"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={loading}>
              {t('confirm.cancel')}
            </Button>
            <Button
              type="submit"
              color={danger ? 'red.9' : undefined}
              disabled={blocked}
              loading={loading}
              data-testid="confirm-button"
            >
              {confirmLabel ?? t('confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A confirmation that needs the given text typed (deleting an organisation). */
export function TypedConfirmDialog(props: ConfirmDialogProps & { typedValue: string }) {
  return <ConfirmDialog {...props} />;
}
