import {
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PublicPlan } from '@slugsmith/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAccount } from '../../auth/account.js';
import { useInstall } from '../../lib/install.js';
import { groupPlans, usePublicPlans } from '../../lib/plans.js';
import { LanguageSwitcher } from './language-switcher.js';
import { BarThemeToggle, HeaderThemeToggle } from './theme-toggle.js';
import { UserMenu } from './user-menu.js';

function PlanBadges({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('navigation');
  return (
    <>
      {plan.free && (
        <Badge size="xs" color="teal.9" variant="filled">
          {t('products.free')}
        </Badge>
      )}
      {plan.custom_plan && (
        <Badge size="xs" color="grape.8" variant="filled">
          {t('products.custom')}
        </Badge>
      )}
    </>
  );
}

/** The plans on sale, by type: none on an on-premise install (its /products shows its licence). */
function useSoldPlanGroups() {
  const install = useInstall();
  const plans = usePublicPlans();
  return install.data?.mode === 'service' && plans.data ? groupPlans(plans.data) : [];
}

function ProductsMenu() {
  const { t } = useTranslation('navigation');
  const groups = useSoldPlanGroups();
  return (
    <Menu trigger="click-hover" openDelay={80} closeDelay={150} position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="compact-md" rightSection="▾">
          {t('menu.products')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/products">
          {t('products.all')}
        </Menu.Item>
        <Menu.Item component={Link} to="/products/feature-matrix">
          {t('products.matrix')}
        </Menu.Item>
        {groups.map((g) => (
          // A fragment: a menu holds items, labels and dividers only (no group wrapper).
          <Fragment key={g.type}>
            <Menu.Divider />
            <Menu.Label>{t(`products.types.${g.type}`)}</Menu.Label>
            {g.plans.map((p) => (
              <Menu.Item key={p.slug} component={Link} to={`/products/${p.slug}`}>
                <Group gap={6}>
                  <span>{p.name}</span>
                  <PlanBadges plan={p} />
                </Group>
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The plans in the mobile menu: grouped by plan type like the Products dropdown, with badges. */
function DrawerPlans({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('navigation');
  const groups = useSoldPlanGroups();
  return groups.map((g) => (
    <Stack key={g.type} gap={2} data-testid={`drawer-plans-${g.type}`}>
      <Text size="xs" c="dimmed" pl="md" mt={4}>
        {t(`products.types.${g.type}`)}
      </Text>
      {g.plans.map((p) => (
        <Button
          key={p.slug}
          component={Link}
          to={`/products/${p.slug}`}
          variant="subtle"
          color="gray"
          justify="flex-start"
          pl="lg"
          onClick={onNavigate}
        >
          <Group gap={6} wrap="nowrap">
            <span>{p.name}</span>
            <PlanBadges plan={p} />
          </Group>
        </Button>
      ))}
    </Stack>
  ));
}

function NavItems({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('navigation');
  const { account } = useAccount();
  const links = [
    { to: '/playground', label: t('menu.playground') },
    { to: '/docs', label: t('menu.docs') },
    { to: '/articles', label: t('menu.articles') },
    { to: '/stats', label: t('menu.stats') },
    ...(account ? [{ to: '/dashboard', label: t('menu.dashboard') }] : []),
    ...(account?.permissions ? [{ to: '/admin', label: t('menu.admin') }] : []),
  ];
  const item = (l: { to: string; label: string }) => (
    <Button
      key={l.to}
      component={NavLink}
      to={l.to}
      variant="subtle"
      color="gray"
      size="compact-md"
      justify={vertical ? 'flex-start' : undefined}
      onClick={onNavigate}
    >
      {l.label}
    </Button>
  );
  if (vertical)
    return (
      <Stack gap={4}>
        {item(links[0])}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="xs">
          {t('menu.products')}
        </Text>
        <Button
          component={Link}
          to="/products"
          variant="subtle"
          color="gray"
          justify="flex-start"
          onClick={onNavigate}
        >
          {t('products.all')}
        </Button>
        <Button
          component={Link}
          to="/products/feature-matrix"
          variant="subtle"
          color="gray"
          justify="flex-start"
          onClick={onNavigate}
        >
          {t('products.matrix')}
        </Button>
        <DrawerPlans onNavigate={onNavigate} />
        <Divider my={4} />
        {links.slice(1).map(item)}
      </Stack>
    );
  return (
    <Group gap={2} component="nav" aria-label={t('menu.main')}>
      {item(links[0])}
      <ProductsMenu />
      {links.slice(1).map(item)}
    </Group>
  );
}

export function Header() {
  const { t } = useTranslation('navigation');
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <UnstyledButton component={Link} to="/" aria-label={t('menu.home')}>
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={800} size="lg">
                  Slugsmith
                </Text>
              </Group>
            </UnstyledButton>
            <Box visibleFrom="md">
              <NavItems />
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <BarThemeToggle />
            <LanguageSwitcher />
            <Box visibleFrom="sm">
              <UserMenu />
            </Box>
            <Burger
              hiddenFrom="md"
              opened={opened}
              onClick={toggle}
              aria-label={opened ? t('menu.closeMenu') : t('menu.openMenu')}
              size="sm"
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        title={t('menu.menu')}
        hiddenFrom="md"
        size="xs"
        position="right"
      >
        <NavItems vertical onNavigate={close} />
        <Divider my="sm" />
        <UserMenu />
        <HeaderThemeToggle />
      </Drawer>
    </Box>
  );
}
