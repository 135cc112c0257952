import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaff } from './use-staff.js';

/** A staff page's heading, its one-line purpose and its actions. */
export function AdminHeader({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

/** Support staff read only: said once on each page that would otherwise offer changes. */
export function ReadOnlyNote() {
  const { t } = useTranslation('admin');
  const { writable } = useStaff();
  if (writable) return null;
  return (
    <Alert variant="light" color="gray" mb="md" data-testid="read-only-note">
      {t('readOnly')}
    </Alert>
  );
}

const STATE_COLOURS: Record<string, string> = {
  active: 'green',
  published: 'green',
  processed: 'green',
  trial: 'cyan',
  draft: 'gray',
  inactive: 'yellow',
  pending: 'yellow',
  received: 'yellow',
  past_due: 'orange',
  failed: 'red',
  archived: 'dark',
  expired: 'dark',
  cancelled: 'dark',
  acknowledged: 'dark',
  suspended: 'red',
  disabled: 'red',
};

/** A state as a badge in the admin namespace's words (`states.*`); a dot badge stays readable on striped rows in both schemes. */
export function StateBadge({ state, testId }: { state: string; testId?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant="dot" color={STATE_COLOURS[state] ?? 'gray'} data-testid={testId} data-state={state}>
      {t(`states.${state}`, { defaultValue: state })}
    </Badge>
  );
}

/**
 * A wide table that scrolls sideways on a phone; the region takes keyboard focus so it can be
 * scrolled without a pointer, and is named for screen readers.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="admin-table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
