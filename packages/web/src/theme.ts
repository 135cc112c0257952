import { createTheme, type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';

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
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.closeNotification } } },
    },
  });
}
