import { asciiFormSpelling, asciiSpelling } from './ascii.js';
import type { SizeLimit } from './ast.js';
import type { BundleTag, DictionaryBundle } from './bundle.js';
import { CASINGS, type Casing } from './casing.js';
import { GeneratorError } from './errors.js';
import { findDictionary, languagesOf, type MissingDictionary } from './names.js';
import { TAG_ALIASES } from './tag-aliases.js';
import { charLength } from './text.js';
import { CasedWords } from './word-views.js';

export { DEFAULT_LANGUAGE } from './names.js';

function compare(len: number, { op, value }: SizeLimit): boolean {
  switch (op) {
    case '==':
      return len === value;
    case '!=':
      return len !== value;
    case '<':
      return len < value;
    case '<=':
      return len <= value;
    case '>':
      return len > value;
    case '>=':
      return len >= value;
  }
}

/** Lengths above every size limit (255) all compare alike. */
const MAX_TESTED_LENGTH = 256;

/** Whether each length 0…256 passes a size limit: one lookup per word instead of a comparison. */
function lengthTest(limit: SizeLimit): Uint8Array {
  return Uint8Array.from({ length: MAX_TESTED_LENGTH + 1 }, (_, len) => (compare(len, limit) ? 1 : 0));
}

/** One dictionary with the lookups filtering needs; words keep bundle order (it defines indexes). */
export class DictionaryIndex {
  readonly words: string[];
  readonly wordTags: string[][];
  /** Each word's agreeing forms by gender tag, where the bundle gives them. */
  readonly wordForms: (Record<string, string> | undefined)[];
  /** Each word's Latin spelling, where the bundle gives one (see `BundleWord.latin`). */
  readonly wordLatin: (string | undefined)[];
  readonly lengths: Uint16Array;
  /** tag -> ascending word positions */
  readonly byTag = new Map<string, number[]>();
  /** Alias -> the tag it stands for, in this dictionary (see `TAG_ALIASES`); it shares that list. */
  readonly aliases = new Map<string, string>();
  readonly optIn: Set<string>;
  /** Words with an opt-in tag: left out unless a selector includes one of their tags. */
  private readonly optedIn: Uint8Array;
  private readonly views = new Map<Casing, CasedWords>();
  private readonly asciiViews = new Map<Casing, CasedWords>();
  private ascii: (string | null)[] | null = null;
  /** Lower-cased word -> its ascending positions (words that differ in case only share one). */
  private lowered: Map<string, number[]> | null = null;

  constructor(
    readonly kind: string,
    readonly language: string | null,
    entries: { word: string; tags: string[]; forms?: Record<string, string>; latin?: string }[],
    /** The tags of this dictionary's own bundle. */
    readonly tagMeta: BundleTag[],
  ) {
    this.words = entries.map((e) => e.word);
    this.wordTags = entries.map((e) => e.tags);
    this.wordForms = entries.map((e) => e.forms);
    this.wordLatin = entries.map((e) => e.latin);
    this.lengths = Uint16Array.from(this.words, charLength);
    entries.forEach((e, i) => {
      for (const t of e.tags) {
        const list = this.byTag.get(t);
        if (list) list.push(i);
        else this.byTag.set(t, [i]);
      }
    });
    this.optIn = new Set(tagMeta.filter((t) => t.kind === kind && t.opt_in).map((t) => t.tag));
    this.optedIn = Uint8Array.from(this.wordTags, (tags) => (tags.some((t) => this.optIn.has(t)) ? 1 : 0));
    for (const t of tagMeta) if (t.kind === kind && !this.byTag.has(t.tag)) this.byTag.set(t.tag, []);
    for (const [alias, tag] of Object.entries(TAG_ALIASES)) {
      const list = this.byTag.get(tag);
      if (list && !this.byTag.has(alias)) {
        this.byTag.set(alias, list);
        this.aliases.set(alias, tag);
      }
    }
  }

  /** The tag a selector's tag name means here: the aliased tag for an alias, else the name. */
  private tagOf(name: string): string {
    return this.aliases.get(name) ?? name;
  }

  hasTag(tag: string): boolean {
    return this.byTag.has(tag);
  }

  /** The dictionary's tags, sorted. */
  tagNames(): string[] {
    return [...this.byTag.keys()].sort();
  }

  /**
   * Positions of the words matching the filter, ascending: include tags intersect, exclude tags
   * and opt-in tags (unless included) remove, the size limit compares characters.
   */
  selectIndices(includeNames: string[], excludeNames: string[], sizeLimit: SizeLimit | null): number[] {
    const include = includeNames.map((t) => this.tagOf(t));
    const exclude = excludeNames.map((t) => this.tagOf(t));
    const excluded = new Set(exclude);
    for (const t of this.optIn) if (!include.includes(t)) excluded.add(t);
    let candidates: Iterable<number>;
    if (include.length > 0) {
      const lists = include.map((t) => this.byTag.get(t) ?? []).sort((a, b) => a.length - b.length);
      const rest = lists.slice(1).map((l) => new Set(l));
      candidates = lists[0].filter((i) => rest.every((s) => s.has(i)));
    } else {
      candidates = this.words.keys();
    }
    const out: number[] = [];
    // The usual selector excludes only the opt-in tags: one flag per word says whether it has one.
    const onlyOptIn = exclude.length === 0 && !include.some((t) => this.optIn.has(t));
    const { optedIn, lengths, wordTags } = this;
    const fits = sizeLimit ? lengthTest(sizeLimit) : null;
    for (const i of candidates) {
      if (onlyOptIn ? optedIn[i] === 1 : excluded.size > 0 && wordTags[i].some((t) => excluded.has(t)))
        continue;
      if (fits !== null && fits[Math.min(lengths[i], MAX_TESTED_LENGTH)] === 0) continue;
      out.push(i);
    }
    return out;
  }

  /** The words matching the filter (see `selectIndices`), in dictionary order. */
  select(include: string[], exclude: string[], sizeLimit: SizeLimit | null): string[] {
    return this.selectIndices(include, exclude, sizeLimit).map((i) => this.words[i]);
  }

  /** Positions of the words that lower-case to `lower`, ascending (worked out on first use). */
  positionsOf(lower: string): number[] | undefined {
    if (!this.lowered) {
      const lowered = new Map<string, number[]>();
      this.words.forEach((w, i) => {
        const key = w.toLowerCase();
        const list = lowered.get(key);
        if (list) list.push(i);
        else lowered.set(key, [i]);
      });
      this.lowered = lowered;
    }
    return this.lowered.get(lower);
  }

  /** The dictionary as a casing renders it, worked out on first use. */
  cased(casing: Casing): CasedWords {
    let view = this.views.get(casing);
    if (!view) {
      view = new CasedWords(this, casing);
      this.views.set(casing, view);
    }
    return view;
  }

  /** Each word's ASCII spelling (`ascii=true`), or null where it has none; worked out on first use. */
  asciiSpellings(): (string | null)[] {
    this.ascii ??= this.words.map((w, i) => asciiSpelling(w, this.language, this.wordLatin[i]));
    return this.ascii;
  }

  /** The ASCII spelling of word i's form for a gender (the word itself without one), or null. */
  asciiForm(i: number, gender: string | null): string | null {
    const form = (gender && this.wordForms[i]?.[gender]) || this.words[i];
    return asciiFormSpelling(form, this.words[i], this.language, this.wordLatin[i]);
  }

  /** The dictionary spelt in ASCII, as a casing renders it (words without a spelling render as ''). */
  casedAscii(casing: Casing): CasedWords {
    let view = this.asciiViews.get(casing);
    if (!view) {
      const spellings = this.asciiSpellings();
      view = new CasedWords(this, casing, (_, i) => spellings[i] ?? '');
      this.asciiViews.set(casing, view);
    }
    return view;
  }
}

export interface DictionaryInfo {
  kind: string;
  language: string | null;
  count: number;
}

export interface DictionaryTagInfo {
  kind: string;
  /** The dictionary's language (`en`, `de` …); null for language-agnostic kinds (emoji, suffix). */
  language: string | null;
  tag: string;
  description: string;
  opt_in: boolean;
  word_count: number;
}

function checkShape(bundle: DictionaryBundle): void {
  if (!bundle || !Array.isArray(bundle.dictionaries) || !Array.isArray(bundle.tags)) {
    throw new GeneratorError('bundle-malformed');
  }
}

/**
 * All dictionaries of a bundle, and of the language bundles given next to it, looked up by kind
 * and language. Each dictionary reads the tag metadata of its own bundle only, so a language
 * bundle's tags never show up on (or change) the main bundle's dictionaries.
 */
export class BundleIndex {
  readonly id: string;
  private readonly dictionaries: DictionaryIndex[];

  constructor(
    readonly bundle: DictionaryBundle,
    readonly languageBundles: readonly DictionaryBundle[] = [],
  ) {
    checkShape(bundle);
    this.id = bundle.id;
    const indexOf = (b: DictionaryBundle) =>
      b.dictionaries.map(
        (d) => new DictionaryIndex(d.kind.toLowerCase(), d.language?.toLowerCase() ?? null, d.words, b.tags),
      );
    this.dictionaries = indexOf(bundle);
    const seen = new Set(this.dictionaries.map((d) => `${d.kind}@${d.language}`));
    for (const extra of languageBundles) {
      checkShape(extra);
      const language = extra.language?.toLowerCase();
      for (const d of indexOf(extra)) {
        // A language bundle adds its own language's dictionaries and nothing else.
        if (!language || d.language !== language) {
          throw new GeneratorError('bundle-wrong-language', {
            bundle: extra.id,
            bundleLanguage: language,
            kind: d.kind,
            language: d.language,
          });
        }
        const key = `${d.kind}@${d.language}`;
        if (seen.has(key)) {
          throw new GeneratorError('dictionary-twice', { kind: d.kind, language: d.language });
        }
        seen.add(key);
        this.dictionaries.push(d);
      }
    }
  }

  /**
   * The dictionary for a kind and language: the exact language (default `en`), else a
   * language-agnostic one. Says why when there is none.
   */
  find(kind: string, language: string | null): DictionaryIndex | MissingDictionary {
    return findDictionary(this.dictionaries, kind, language);
  }

  /**
   * Works out every dictionary under every casing now rather than on first use, and the lookup of
   * words by their lower case when the bundle lists pairs to avoid (awkward pairs need it).
   */
  prepare(): void {
    for (const d of this.dictionaries) for (const casing of CASINGS) d.cased(casing);
    if ((this.bundle.avoid_pairs?.length ?? 0) > 0) for (const d of this.dictionaries) d.positionsOf('');
  }

  /** Languages that have a dictionary of this kind, sorted. */
  languagesOf(kind: string): string[] {
    return languagesOf(this.dictionaries, kind);
  }

  kinds(): { kind: string; language: string | null }[] {
    return this.dictionaries.map((d) => ({ kind: d.kind, language: d.language }));
  }

  info(): DictionaryInfo[] {
    return this.dictionaries.map((d) => ({ kind: d.kind, language: d.language, count: d.words.length }));
  }

  tags(): DictionaryTagInfo[] {
    const out: DictionaryTagInfo[] = [];
    for (const d of this.dictionaries) {
      const meta = new Map(d.tagMeta.filter((t) => t.kind === d.kind).map((t) => [t.tag, t]));
      for (const [tag, list] of [...d.byTag].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const aliased = d.aliases.get(tag);
        const m = meta.get(aliased ?? tag);
        const description = m?.description ?? '';
        out.push({
          kind: d.kind,
          language: d.language,
          tag,
          description: aliased ? `Short for +${aliased}. ${description}` : description,
          opt_in: m?.opt_in ?? false,
          word_count: list.length,
        });
      }
    }
    return out;
  }
}
