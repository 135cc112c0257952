/**
 * The dictionary bundle the engine reads (generator.md §6). A bundle is immutable and
 * content-addressed: `id` changes whenever any word, tag or order changes, and a series pins it.
 *
 * Word order is part of the contract: the n-th slug of a series depends on the position of each
 * word in its (filtered) dictionary, so builders must keep order stable and only ever publish a
 * new bundle id for new content.
 */
export interface DictionaryBundle {
  /** Content-addressed id, e.g. `2026.11.0-3f9a1c7e` (semantic version + hash prefix). */
  id: string;
  /** Semantic version of the bundle. */
  version: string;
  /** Hex SHA-256 of the canonical bundle content (everything except id/version/hash). */
  hash: string;
  dictionaries: BundleDictionary[];
  tags: BundleTag[];
  /**
   * Word pairs that read badly next to each other (`[first, second]`, lower case). The engine
   * never changes the n -> slug mapping for them; callers that hand out slugs may skip such
   * positions (see the generator README, "Awkward pairs").
   */
  avoid_pairs?: [string, string][];
  /**
   * Set on a language bundle (one language's dictionaries in a file of its own, under the licence
   * of its data): its language code, that licence (SPDX) and where the data comes from. A
   * generator takes language bundles next to its main bundle (`new Generator(main, { languages })`).
   */
  language?: string;
  license?: string;
  sources?: string[];
}

export interface BundleDictionary {
  /** Lower-case kind: `adjective`, `adverb`, `noun`, `verb`, `suffix`, `emoji`, … */
  kind: string;
  /** Lower-case language code (`en`), or null for language-agnostic dictionaries such as emoji. */
  language: string | null;
  words: BundleWord[];
}

export interface BundleWord {
  word: string;
  /** Tags matching `[a-z0-9_]+`. */
  tags: string[];
  /**
   * Forms that agree with a neighbouring noun, by the noun's gender tag (a German adjective's strong
   * endings: `{masculine: 'mutiger', feminine: 'mutige', neuter: 'mutiges'}`); see `agreement.ts`.
   */
  forms?: Record<string, string>;
  /**
   * The word in Latin letters, for a script `ascii=true` cannot spell letter by letter (Japanese
   * kanji in Hepburn romaji: 静か → shizuka). A form that adds kana to the word adds their romaji.
   */
  latin?: string;
}

export interface BundleTag {
  kind: string;
  tag: string;
  description: string;
  /** Opt-in tags (`offensive`, `nsfw`, …) are excluded unless a selector includes them with `+tag`. */
  opt_in: boolean;
}
