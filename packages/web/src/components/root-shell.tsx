import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { trace } from '../lib/api.js';
import { formatTitle, titleParts } from '../lib/titles.js';

export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-label={t('loading')} />
    </Center>
  );
}

/** Page titles (§2.5) and navigation tracing for every route. */
function TitleAndTrace() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('navigation');
  // t changes with the language, so the title follows a language switch.
  useEffect(() => {
    document.title = formatTitle(titleParts(pathname), (key) => t(`titles.${key}`));
  }, [pathname, t]);
  useEffect(() => {
    trace('navigation', { path: pathname, language: i18n.resolvedLanguage });
  }, [pathname, i18n.resolvedLanguage]);
  return null;
}

export function RootShell() {
  return (
    <Suspense fallback={<PageLoader />}>
      <TitleAndTrace />
      <Outlet />
    </Suspense>
  );
}
