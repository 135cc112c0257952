import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { trace } from '../lib/api.js';
import { formatTitle, setPageDescription, titleParts } from '../lib/titles.js';

export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-label={t('loading')} />
    </Center>
  );
}

const DOCUMENT_PAGE = /^\/(docs|articles|legal)\/./;

/** Page titles (§2.5), descriptions and navigation tracing for every route. */
function TitleAndTrace() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('navigation');
  // t changes with the language, so the title follows a language switch.
  useEffect(() => {
    const parts = titleParts(pathname);
    document.title = formatTitle(parts, (key) => t(`titles.${key}`));
    // A document page describes itself (the document's first paragraph, see DocumentView).
    if (!DOCUMENT_PAGE.test(pathname))
      setPageDescription(t(`descriptions.${parts.page}`, { defaultValue: t('descriptions.default') }));
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
