import { ActionIcon, Affix, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The light/dark button; the choice is stored under `theme` (product spec §2.11). */
function ThemeButton({ inline = false, testId }: { inline?: boolean; testId?: string }) {
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
      data-testid={testId ?? (inline ? 'theme-toggle-inline' : 'theme-toggle')}
    >
      <span aria-hidden="true" style={{ fontSize: inline ? 16 : 20 }}>
        {computed === 'dark' ? '☀' : '☾'}
      </span>
    </ActionIcon>
  );
}

/**
 * The floating toggle, from 80em (1280 px) up: there the page's content column leaves a margin
 * beside it wide enough for the button, and the footer keeps its links out of the corner. On
 * narrower screens it would sit on table cells and actions (pinned to the right edge on a phone),
 * so the header's bar (tablets, small desktops) or its menu (phones) carries it instead.
 */
export function ThemeToggle() {
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Box className="theme-toggle-floating">
        <ThemeButton />
      </Box>
    </Affix>
  );
}

/** The toggle in the header's bar, between the width the menu ends and the one it floats from. */
export function BarThemeToggle() {
  return (
    <Box className="theme-toggle-bar">
      <ThemeButton inline testId="theme-toggle-bar" />
    </Box>
  );
}

/** The toggle in the header's menu, which phones and tablets open (the bar has no room left at 320 px). */
export function HeaderThemeToggle() {
  return (
    <Box mt="sm">
      <ThemeButton inline />
    </Box>
  );
}
