import { Stack, Text } from '@mantine/core';

/** A labelled read-only value: the label small and dimmed above the value. */
export function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
