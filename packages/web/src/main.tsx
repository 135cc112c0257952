import './mantine-base.css';
import './styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { AccountProvider } from './auth/account.js';
import { SessionProvider } from './auth/session.js';
import './i18n/index.js';
import { queryClient } from './lib/query-client.js';
import { router } from './router.js';
import { cssVariablesResolver, themeWithLabels } from './theme.js';
import { whenIdleAfterLoad } from './ui/idle-queue.js';

/** The theme is stored under `theme` as light or dark; nothing stored follows the system (§2.11). */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/** Mantine with close buttons named in the current language (re-themed when it changes). */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('components', { useSuspense: false });
  const close = t('dialog.close');
  const closeNotification = t('dialog.closeNotification');
  const theme = useMemo(() => themeWithLabels({ close, closeNotification }), [close, closeNotification]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      {children}
    </MantineProvider>
  );
}

const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

/**
 * The notifications' container (with its transitions) arrives after the first screen: a message
 * shown before waits in the notifications store and appears once the container is there.
 */
function LateNotifications() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <LateNotifications />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <AccountProvider>
            <RouterProvider router={router} />
          </AccountProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
