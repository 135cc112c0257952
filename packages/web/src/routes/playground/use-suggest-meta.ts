import type { SuggestMeta } from '@slugsmith/generator';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictionaryInfo, dictionaryTags } from '../../lib/generator-api.js';

/**
 * Dictionary kinds and tags for the pattern editor's completions, loaded once per session;
 * `unavailable` when the API refused both (the editor then completes syntax only).
 */
export function useSuggestMeta(): { meta: SuggestMeta; unavailable: boolean } {
  const info = useQuery({
    queryKey: ['dictionary-info'],
    queryFn: dictionaryInfo,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 0,
  });
  const tags = useQuery({
    queryKey: ['dictionary-tags'],
    queryFn: dictionaryTags,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 0,
  });
  const meta = useMemo<SuggestMeta>(() => {
    const tagList = Array.isArray(tags.data) ? tags.data : [];
    const kinds = Array.isArray(info.data) ? info.data : [];
    // Kinds come from dictionary-info; tags also name their kind, which covers a missing info call.
    const dictionaries = kinds.length
      ? kinds
      : [...new Set(tagList.map((t) => t.kind))].map((kind) => ({ kind }));
    return { dictionaries, tags: tagList };
  }, [info.data, tags.data]);
  return { meta, unavailable: info.isError && tags.isError };
}
