import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DevWarning } from './dev-warning.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { StatsTicker } from './stats-ticker.js';
import { ThemeToggle } from './theme-toggle.js';
import { VerificationSlot } from './verification-slot.js';

/** Header, statistics ticker, page, footer, theme toggle and the development warning (§2.7). */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <VerificationSlot />
      <StatsTicker />
      <Box component="main" id="main" className="app-main">
        {children}
      </Box>
      <Footer />
      <ThemeToggle />
      <DevWarning />
    </div>
  );
}
