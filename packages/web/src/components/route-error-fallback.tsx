import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

/**
 * A render failure on a major route: title, message naming the route, a version-update hint and
 * three ways on (product spec §2.6). The router drops it when the path changes.
 */
export function RouteErrorFallback({ route }: { route: string }) {
  const { t } = useTranslation(['errors', 'navigation']);
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={t('route.title')} role="alert">
        <Stack gap="sm">
          <Text size="sm">{t('route.message', { route: t(`navigation:titles.${route}`) })}</Text>
          <Text size="sm" c="dimmed">
            {t('route.hint')}
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => window.location.reload()}>
              {t('route.refresh')}
            </Button>
            <Button size="xs" variant="default" component={Link} to="/dashboard">
              {t('route.dashboard')}
            </Button>
            <Button size="xs" variant="default" component={Link} to="/playground">
              {t('route.playground')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}
