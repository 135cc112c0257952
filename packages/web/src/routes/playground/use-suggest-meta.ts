import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { dictionaryInfo, dictionaryTags } from '../../lib/generator-api.js';
import type { EditorMeta } from './completions.js';

/** Dictionary kinds and sizes per language, loaded once per session. */
export const dictionaryInfoQuery = queryOptions({
  queryKey: ['dictionary-info'],
  queryFn: dictionaryInfo,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 0,
});

/** The tags of one language's dictionaries (`all`: every language), loaded once per session. */
export const dictionaryTagsQuery = (language: string) =>
  queryOptions({
    queryKey: ['dictionary-tags', language],
    queryFn: () => dictionaryTags(language),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 0,
  });

/**
 * Dictionary kinds and the tags of every language for the pattern editor's completions (each
 * placeholder is offered its language's tags). The kinds load with the page; the tags, the larger
 * part, once the editor asks for them (`meta.requestTags`, when completions open), then stay for
 * the session. `unavailable` when the API refused both (the editor then completes syntax only).
 */
export function useSuggestMeta(): { meta: EditorMeta; unavailable: boolean } {
  const [tagsWanted, setTagsWanted] = useState(false);
  const info = useQuery(dictionaryInfoQuery);
  const tags = useQuery({ ...dictionaryTagsQuery('all'), enabled: tagsWanted });
  const requestTags = useCallback(() => setTagsWanted(true), []);
  const meta = useMemo<EditorMeta>(() => {
    const tagList = Array.isArray(tags.data) ? tags.data : [];
    const kinds = Array.isArray(info.data) ? info.data : [];
    // Kinds come from dictionary-info; tags also name their kind, which covers a missing info call.
    const dictionaries = kinds.length
      ? kinds
      : [...new Set(tagList.map((t) => t.kind))].map((kind) => ({ kind }));
    return { dictionaries, tags: tagList, requestTags };
  }, [info.data, tags.data, requestTags]);
  return { meta, unavailable: info.isError && tags.isError };
}
