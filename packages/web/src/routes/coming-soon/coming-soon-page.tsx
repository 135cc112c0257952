import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A registered page that is not built yet: a real, translated "coming soon" state. */
export function ComingSoonPage({ page }: { page: string }) {
  const { t } = useTranslation(['common', 'navigation']);
  return (
    <Container size="sm" py={60}>
      <Paper withBorder p="xl" radius="lg">
        <Stack gap="md" align="flex-start">
          <Badge variant="default">{t('comingSoon.badge')}</Badge>
          <Title order={1} size="h2">
            {t(`navigation:titles.${page}`)}
          </Title>
          <Text>{t('comingSoon.message')}</Text>
          <Group>
            <Button component={Link} to="/playground">
              {t('comingSoon.playground')}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t('comingSoon.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
