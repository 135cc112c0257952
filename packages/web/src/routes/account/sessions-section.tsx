import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format.js';
import { notifyFailure, notifySuccess } from '../../ui/notify.js';
import { accountQueries, endOtherSessions, endSession } from './account-api.js';
import { deviceName } from './device-name.js';

/** The account's sessions at the built-in provider, each with a sign-out; "sign out everywhere else". */
export function SessionsSection() {
  const { t, i18n } = useTranslation('account');
  const sessions = useQuery(accountQueries.sessions());
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ ended }) => {
      notifySuccess(t('sessions.ended', { count: ended }));
      return sessions.refetch();
    },
    onError: (error) => notifyFailure(t('sessions.failed'), error),
  });
  const endOne = useMutation({
    mutationFn: endSession,
    onSuccess: () => {
      notifySuccess(t('sessions.signedOut'));
      return sessions.refetch();
    },
    onError: (error) => notifyFailure(t('sessions.signOutFailed'), error),
  });
  const items = sessions.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {t('sessions.title')}
      </Title>
      <Text size="sm" mb="sm" data-testid="session-count">
        {sessions.data ? t('sessions.count', { count: sessions.data.count }) : ' '}
      </Text>
      {items.length > 0 && (
        <Stack gap="xs" mb="sm" data-testid="session-list">
          {items.map((s) => (
            <Group key={s.id} justify="space-between" wrap="wrap" gap="xs" data-testid="session-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={500}>{deviceName(s, t)}</Text>
                  {s.current && (
                    <Badge color="green" variant="light">
                      {t('sessions.thisDevice')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('sessions.details', {
                    address: s.address ?? '—',
                    started: formatDateTime(s.started_at, i18n.language),
                    lastUsed: formatDateTime(s.last_used_at, i18n.language),
                  })}
                </Text>
              </Stack>
              {!s.current && (
                <Button
                  size="xs"
                  variant="default"
                  loading={endOne.isPending && endOne.variables === s.id}
                  onClick={() => endOne.mutate(s.id)}
                  aria-label={`${t('sessions.signOut')}: ${deviceName(s, t)}`}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Button variant="default" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
        {t('sessions.signOutOthers')}
      </Button>
    </Paper>
  );
}
