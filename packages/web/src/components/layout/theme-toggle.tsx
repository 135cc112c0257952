import { ActionIcon, Affix, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The floating light/dark toggle; the choice is stored under `theme` (product spec §2.11). */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { t } = useTranslation('components');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <ActionIcon
        size="xl"
        radius="xl"
        variant="filled"
        onClick={() => setColorScheme(next)}
        aria-label={next === 'dark' ? t('theme.toDark') : t('theme.toLight')}
        data-testid="theme-toggle"
      >
        <span aria-hidden="true" style={{ fontSize: 20 }}>
          {computed === 'dark' ? '☀' : '☾'}
        </span>
      </ActionIcon>
    </Affix>
  );
}
