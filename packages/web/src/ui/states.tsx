import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.js';
import { serverMessage } from './server-messages.js';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3, height = 56 }: { rows?: number; height?: number }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('loading')} data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * The message of a failed call: the server's message (translated when the catalogues know it), or
 * the §8 wording for no answer at all.
 */
export function errorDetail(error: unknown): string | undefined {
  if (error instanceof ApiError) return serverMessage(error);
  if (error instanceof Error) return error.message;
  return undefined;
}

/** A failed load: a translated headline (§8), the server's message and a retry. */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('dashboard');
  if (error instanceof ApiError && error.code === 403) return <PermissionDenied />;
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid="error-state">
      <Stack gap="xs" align="flex-start">
        {errorDetail(error) && <Text size="sm">{errorDetail(error)}</Text>}
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('states.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The caller's role does not allow this (§6, §8 "You don't have permission to access this resource"). */
export function PermissionDenied({ message }: { message?: string }) {
  const { t } = useTranslation('errors');
  return (
    <Alert color="yellow" variant="light" role="alert" data-testid="permission-denied">
      {message ?? t('general.forbidden')}
    </Alert>
  );
}

/** Read-only screens tell non-admins why the actions are missing. */
export function ReadOnlyNotice() {
  const { t } = useTranslation('dashboard');
  return (
    <Alert color="gray" variant="light" data-testid="read-only">
      {t('states.readOnly')}
    </Alert>
  );
}

export function EmptyState({
  title,
  children,
  action,
  order = 3,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The title's heading level: one below the heading the empty state sits under (default h2's). */
  order?: 2 | 3 | 4;
}) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" ta="center">
        <Title order={order} size="h4">
          {title}
        </Title>
        {children && (
          <Text size="sm" c="dimmed" maw={480}>
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
