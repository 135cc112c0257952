import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDocument, type StoredDocument } from '../lib/content.js';

/** Short explanations of plan features and limits by key (`max_series`, `mint_enabled`, …). */
export type FeatureHints = Readonly<Record<string, string>>;

const EMPTY: FeatureHints = Object.freeze({});

/**
 * The keyed map of the `feature-hints` data document (product spec §3): the YAML the server
 * parsed into `data`. Anything else — no data (YAML that did not parse), a list, non-text
 * values — gives no hint for that entry.
 */
export function parseFeatureHints(doc: StoredDocument | unknown): FeatureHints {
  const data = (doc as StoredDocument | null)?.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return EMPTY;
  const hints: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && value.trim()) hints[key] = value.trim();
  }
  return hints;
}

/** Loads the hints of a language; any failure is silent and gives no hints (product spec §8). */
export async function loadFeatureHints(
  lang: string,
  fetcher: (name: string, lang: string) => Promise<unknown> = fetchDocument,
): Promise<FeatureHints> {
  try {
    return parseFeatureHints(await fetcher('feature-hints', lang));
  } catch {
    return EMPTY;
  }
}

const FeatureHintsContext = createContext<FeatureHints>(EMPTY);

/** Provides the hints of the current language to the guarded pages (the access guard's step). */
export function FeatureHintsProvider({ children, value }: { children: ReactNode; value?: FeatureHints }) {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en-GB';
  const hints = useQuery({
    queryKey: ['feature-hints', lang],
    queryFn: () => loadFeatureHints(lang),
    enabled: value === undefined,
    staleTime: 10 * 60_000,
    retry: 0,
  });
  return (
    <FeatureHintsContext.Provider value={value ?? hints.data ?? EMPTY}>
      {children}
    </FeatureHintsContext.Provider>
  );
}

/** Every hint of the current language (empty while loading or after a failure). */
export function useFeatureHints(): FeatureHints {
  return useContext(FeatureHintsContext);
}

/** The hint of one feature or limit key, if the document has one. */
export function useFeatureHint(key: string): string | undefined {
  const hints = useContext(FeatureHintsContext);
  return Object.hasOwn(hints, key) ? hints[key] : undefined;
}
