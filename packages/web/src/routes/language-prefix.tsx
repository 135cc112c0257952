import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { changeLanguage } from '../i18n/index.js';
import { applyLanguagePrefix } from '../lib/lang-prefix.js';

/** /{lang}/rest with a console language: set it and go to /rest; any other unknown path: /404. */
export function LanguagePrefix() {
  const location = useLocation();
  const outcome = applyLanguagePrefix(location.pathname, location.search, location.hash);
  const language = outcome.kind === 'redirect' ? outcome.language : null;
  const [ready, setReady] = useState(language === null);
  useEffect(() => {
    if (language === null) return;
    let live = true;
    changeLanguage(language).finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language]);
  if (outcome.kind === 'not-found') return <Navigate to="/404" replace />;
  return ready ? <Navigate to={outcome.to} replace /> : null;
}
