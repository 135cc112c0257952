import i18n from 'i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LANGUAGE } from '../../i18n/languages.js';
import { queryClient } from '../../lib/query-client.js';
import { documentQuery, requestedLanguage } from './documents.js';

/**
 * A document page's route loader: asks for its document while the page's code is still on its
 * way, instead of after it arrived and rendered (the page's query then finds it in the cache or in
 * flight). Waits for nothing, so the navigation is not held up.
 */
export const prefetchDocument =
  (param: string) =>
  ({ params, request }: LoaderFunctionArgs): null => {
    const slug = params[param];
    if (slug) {
      // The language the page will ask in (useRequestedLanguage): i18next sets the detected one at start.
      const interfaceLanguage = i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
      const lang = requestedLanguage(new URL(request.url).searchParams, interfaceLanguage);
      void queryClient.prefetchQuery(documentQuery(slug, lang));
    }
    return null;
  };
