import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copy confirmation shows for 2 seconds (product spec §9). */
const COPY_MS = 2000;

/**
 * A secret shown once (§4 "A newly created API key is shown only once"): a warning, the secret
 * with a copy button, and a close that says the user has it.
 */
export function SecretOnceDialog({
  secret,
  title,
  onClose,
}: {
  secret: string | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="secret-dialog"
    >
      <Stack>
        <Alert color="yellow" variant="light">
          {t('keys.shownOnce')}
        </Alert>
        <Code block data-testid="secret-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="space-between">
          <CopyButton value={secret ?? ''} timeout={COPY_MS}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                data-testid="secret-copy"
              >
                {copied ? t('keys.copied') : t('keys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose} data-testid="secret-done">
            {t('keys.copiedDone')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('keys.shownOnceHint')}
        </Text>
      </Stack>
    </Modal>
  );
}
