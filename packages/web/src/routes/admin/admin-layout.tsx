import { Badge, Box, Burger, Collapse, Container, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import './admin.css';
import { adminKeys } from '../../lib/admin-api.js';
import { useOnPremise } from '../../lib/install.js';
import { ADMIN_SECTIONS, activeSection } from './sections.js';
import { useProvider } from './use-provider.js';
import { useStaff } from './use-staff.js';

/**
 * The staff area's frame: the sections on the side (a menu behind a button on phones), the staff
 * level, and the page.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { level } = useStaff();
  const provider = useProvider();
  const [opened, { toggle, close }] = useDisclosure(false);
  const client = useQueryClient();
  // Every staff write lands in the audit log: whatever succeeded, the histories shown are stale.
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void client.invalidateQueries({ queryKey: adminKeys.auditAll() });
      }),
    [client],
  );
  const current = activeSection(pathname);
  // Licences are the issuing service's: no such section on an install (nor while that is unknown).
  const onPremise = useOnPremise();
  const sections = ADMIN_SECTIONS.filter((s) => s.id !== 'licences' || onPremise === false);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  const links = (
    <Stack gap={2} component="ul" className="admin-nav-list">
      {sections.map((section) => (
        <li key={section.id}>
          <NavLink
            component={Link}
            to={section.path(provider)}
            label={t(`nav.${section.id}`)}
            active={current === section.id}
            variant="filled"
            aria-current={current === section.id ? 'page' : undefined}
            // A chosen section closes the phone menu.
            onClick={close}
            data-testid={`admin-nav-${section.id}`}
          />
        </li>
      ))}
    </Stack>
  );

  return (
    <Container size="xl" py="md">
      <Box className="admin-frame">
        <Box component="nav" aria-label={t('nav.label')} className="admin-nav">
          <Group justify="space-between" className="admin-nav-head" gap="xs">
            <Text fw={700}>{t('title')}</Text>
            {level && (
              <Badge variant="default" data-testid="staff-level">
                {t(`levels.${level}`)}
              </Badge>
            )}
            {phone && (
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label={t('nav.toggle')}
                aria-expanded={opened}
                aria-controls="admin-nav-links"
                data-testid="admin-nav-toggle"
              />
            )}
          </Group>
          {phone ? (
            <Collapse expanded={opened} keepMounted={false} id="admin-nav-links">
              {links}
            </Collapse>
          ) : (
            links
          )}
        </Box>
        <Box className="admin-page">
          <Outlet />
        </Box>
      </Box>
    </Container>
  );
}
