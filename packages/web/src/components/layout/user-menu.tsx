import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccount } from '../../auth/account.js';
import { logout, useAuth } from '../../auth/session.js';

export function UserMenu() {
  const auth = useAuth();
  const { account } = useAccount();
  const location = useLocation();
  const { t } = useTranslation('navigation');
  if (!auth.isAuthenticated) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <Button component={Link} to={`/login?returnTo=${encodeURIComponent(returnTo)}`} size="compact-md">
        {t('user.signIn')}
      </Button>
    );
  }
  const email = account?.email ?? (auth.user?.profile.email as string | undefined) ?? '';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('user.menu')}>
          <Avatar radius="xl" size="sm" color="indigo">
            {email.slice(0, 1).toUpperCase() || '?'}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs">{email}</Text>
        </Menu.Label>
        {account && (
          <Menu.Item component={Link} to="/dashboard">
            {t('menu.dashboard')}
          </Menu.Item>
        )}
        {account && (
          <Menu.Item component={Link} to="/account">
            {t('menu.account')}
          </Menu.Item>
        )}
        {account?.permissions && (
          <Menu.Item component={Link} to="/admin">
            {t('menu.admin')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => logout(auth)}>{t('user.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
