import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgetAccountDeleted } from './account-deleted.js';

/** /account-deleted: where an account deletion ends, saying what happened and what is left to do. */
export function AccountDeletedPage() {
  const { t } = useTranslation('account');
  useEffect(forgetAccountDeleted, []);
  return (
    <Container size="sm" py="xl">
      <Stack data-testid="account-deleted">
        <Title order={1}>{t('deleted.title')}</Title>
        <Alert color="teal" variant="light" role="status">
          {t('deleted.text')}
        </Alert>
        <Text>{t('deleted.signedOut')}</Text>
        <Group>
          <Button component={Link} to="/">
            {t('deleted.home')}
          </Button>
          <Button component={Link} to="/login?screen_hint=signup" variant="default">
            {t('deleted.signUp')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
