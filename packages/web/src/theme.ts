import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Darker shades keep text on filled buttons above 4.5:1 in both schemes.
  primaryShade: { light: 7, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans JP", "Noto Sans KR", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "JetBrains Mono", Menlo, Consolas, monospace',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  components: {
    // A table wider than a phone scrolls sideways inside its container: keyboard users must be
    // able to focus the container to scroll it (axe: scrollable-region-focusable).
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
    // Mantine's focus placeholder is a focusable role=presentation element inside role=menu,
    // which a menu may not hold (axe: aria-required-children); arrow keys still reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A dialog's title bar is a <header>, which outside sectioning elements is the page's banner
    // landmark: every open dialog would add a second banner (axe: landmark-no-duplicate-banner,
    // landmark-banner-is-top-level). It is only a row of title and close button.
    ModalHeader: { defaultProps: { role: 'none' } },
    DrawerHeader: { defaultProps: { role: 'none' } },
  },
});

/**
 * The theme with the close buttons of every dialog and notification named in the interface
 * language (Mantine leaves them unnamed, which axe reports as button-name).
 */
export function themeWithLabels(labels: { close: string; closeNotification: string }): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.closeNotification } } },
    },
  });
}

/**
 * Colours Mantine leaves below 4.5:1 in the light scheme: the text of light alerts and badges in
 * yellow, orange and green (their shade 9 on their tint), and white text on filled red buttons.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      ['yellow', 'orange', 'green', 'teal'].map((color) => [
        `--mantine-color-${color}-light-color`,
        darken(theme.colors[color]?.[9] ?? '#000', 0.3),
      ]),
    ),
    '--mantine-color-red-filled': theme.colors.red[9],
    '--mantine-color-red-filled-hover': darken(theme.colors.red[9], 0.1),
  },
  dark: {},
});
