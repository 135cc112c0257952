import { ActionIcon, Affix, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The light/dark button; the choice is stored under `theme` (product spec §2.11). */
function ThemeButton({ inline = false }: { inline?: boolean }) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { t } = useTranslation('components');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      size={inline ? 'lg' : 'xl'}
      radius="xl"
      variant={inline ? 'default' : 'filled'}
      onClick={() => setColorScheme(next)}
      aria-label={next === 'dark' ? t('theme.toDark') : t('theme.toLight')}
      data-testid={inline ? 'theme-toggle-inline' : 'theme-toggle'}
    >
      <span aria-hidden="true" style={{ fontSize: inline ? 16 : 20 }}>
        {computed === 'dark' ? '☀' : '☾'}
      </span>
    </ActionIcon>
  );
}

/**
 * The floating toggle, from tablet width up. On a phone it would sit on table cells and buttons
 * (the actions column is pinned to the right edge), so there the menu carries it instead.
 */
export function ThemeToggle() {
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Box visibleFrom="sm">
        <ThemeButton />
      </Box>
    </Affix>
  );
}

/** The menu's toggle on a phone (the header's bar has no room left at 320 px). */
export function HeaderThemeToggle() {
  return (
    <Box hiddenFrom="sm" mt="sm">
      <ThemeButton inline />
    </Box>
  );
}
