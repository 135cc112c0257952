// Every pattern of the reference SlugKit Python SDK's documents (fixtures/slugkit-reference-patterns.json,
// extracted by scripts/extract-reference-patterns.js, MIT) goes through pattern info and forge on the
// current bundles: accepted, with words, except the patterns listed below with the reason. Each listed
// one is also refused by the reference grammar, is a schematic placeholder, is shown as invalid by the
// documents themselves, or is refused here on purpose.
import { readFileSync } from 'node:fs';
import { Generator, PatternError } from '@slugsmith/generator';
import { describe, expect, it } from 'vitest';
import { loadBundle, loadLanguageBundles } from '../src/index.js';

interface Fixture {
  source: string;
  licence: string;
  documents: { file: string; patterns: string[] }[];
}
const fixture: Fixture = JSON.parse(
  readFileSync(new URL('./fixtures/slugkit-reference-patterns.json', import.meta.url), 'utf8'),
);

const REFUSED_BY_REFERENCE_GRAMMAR = 'the reference grammar refuses it too';
const UPPER_NUMBER = `${REFUSED_BY_REFERENCE_GRAMMAR}: keywords are lower case, so NUMBER is a dictionary kind and ':8x' no selector syntax`;
const SCHEMATIC = 'a schematic placeholder of the syntax reference: there is no such dictionary';
const DOCUMENTED_INVALID = 'listed by the documents themselves as an invalid tag ("These DON\'T exist")';
const SELECTOR_OPTIONS =
  'selector options: the reference parser reads them, but its engine answers "There are no options for dictionary selectors implemented" (generator.md §2: Invalid option)';

/** Pattern -> why it is refused. */
export const INVALID_PATTERNS: Record<string, string> = {
  'REF_{ADJECTIVE:<4}_{NUMBER:8x}': UPPER_NUMBER,
  '{ADJECTIVE:+obj}_{NOUN:+device}_{NUMBER:4d}': UPPER_NUMBER,
  '{ADJECTIVE}_{NOUN}_{NUMBER:4d}': UPPER_NUMBER,
  '{AdJeCtIvE}_{nOuN}_v{NUMBER:1d}': UPPER_NUMBER,
  '{ADJECTIVE:+obj:<4}_{NOUN:<6}_{NUMBER:6x}': `${REFUSED_BY_REFERENCE_GRAMMAR}: a second ':' before the size limit (and NUMBER)`,
  '{ADJECTIVE:<4}_{NOUN:+device:<6}': `${REFUSED_BY_REFERENCE_GRAMMAR}: a second ':' before the size limit`,
  '[{number:2d}/{number:2d}/{number:4d}] {ADJECTIVE} {noun:+device} {verb:+neg}': `${REFUSED_BY_REFERENCE_GRAMMAR}: '[' opens the global settings, which only end a pattern (write \\[ for a literal bracket)`,
  'Price: \\$\\{number:2d\\}': `${REFUSED_BY_REFERENCE_GRAMMAR}: '\\$' is no escape (only \\{ \\} \\[ \\] \\\\ are), as the same document says`,
  '{adjective:+pos+obj-nsfw<6>=3}': `${REFUSED_BY_REFERENCE_GRAMMAR}: one size limit per selector`,
  '{adjective}-{noun}[@en:+pos-nsfw<6]': `${REFUSED_BY_REFERENCE_GRAMMAR}: global settings take no ':'`,
  '{noun:>=4+animal}': `${REFUSED_BY_REFERENCE_GRAMMAR}: tags come before the size limit`,
  '{verb:<8+act}': `${REFUSED_BY_REFERENCE_GRAMMAR}: tags come before the size limit`,
  '{word_type:tags': `${REFUSED_BY_REFERENCE_GRAMMAR}: an unclosed schematic placeholder`,
  '{word:<8}': SCHEMATIC,
  '{word:>3}': SCHEMATIC,
  '{word:<=6}': SCHEMATIC,
  '{word:>=4}': SCHEMATIC,
  '{word:==5}': SCHEMATIC,
  '{word:!=7}': SCHEMATIC,
  '{FirstName} {LastName}': `${SCHEMATIC} (first and last names)`,
  '{adjective:+tech}': DOCUMENTED_INVALID,
  '{noun:+tech}': DOCUMENTED_INVALID,
  '{adjective:+business}': DOCUMENTED_INVALID,
  '{verb:+tech}': DOCUMENTED_INVALID,
  '{noun:+professional}': DOCUMENTED_INVALID,
  '{adjective:+security}': DOCUMENTED_INVALID,
  '{noun:option1=value1,option2=value2}': SELECTOR_OPTIONS,
  '{adjective:+pos<6,opt=val}': SELECTOR_OPTIONS,
  '{verb:+act<=8,option1=value}': SELECTOR_OPTIONS,
  '{adjective:<7}{noun:<8}{number:2d}':
    'refused on purpose: the words run together ("base"+"dad" and "based"+"ad" give the same slug), so slugs would repeat; a separator or capitalised words fix it',
  '{noun:+animal+fantasy+emo}':
    'no word is an animal, a being of fantasy and emotional at once (the reference counts fantasy at 59 words)',
  '{verb:+act+imagine+destroy}':
    'no verb is under "act", "imagine" and "destroy" at once (the reference counts imagine at 20 and destroy at 29)',
  '{noun} {verb} {noun}[@de+obj]':
    'the German bundle carries no objective tag (subjectivity is tagged for English); {noun@de} alone works',
};

const generator = new Generator(loadBundle(), { languages: loadLanguageBundles() });

function refusal(pattern: string): unknown {
  try {
    generator.patternInfo(pattern);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('patterns of the reference documents', () => {
  const all = fixture.documents.flatMap((d) => d.patterns.map((pattern) => ({ file: d.file, pattern })));

  it('the fixture holds the three documents with their licence', () => {
    expect(fixture.documents.map((d) => d.file)).toEqual([
      'dictionary-and-tag-reference.md',
      'pattern-examples.md',
      'pattern-syntax-reference.md',
    ]);
    expect(fixture.licence).toMatch(/^MIT License\. Copyright \(c\) 2025 Sergei Fedorov/);
    expect(all.length).toBeGreaterThan(180);
    // Every listed refusal is a pattern of the documents.
    const patterns = new Set(all.map((p) => p.pattern));
    for (const pattern of Object.keys(INVALID_PATTERNS)) expect(patterns.has(pattern), pattern).toBe(true);
  });

  it.each(all.filter((p) => !(p.pattern in INVALID_PATTERNS)))(
    '$file: $pattern is accepted and forges',
    ({ pattern }) => {
      const info = generator.patternInfo(pattern);
      expect(BigInt(info.capacity)).toBeGreaterThan(0n);
      const count = BigInt(info.capacity) < 5n ? Number(info.capacity) : 5;
      const slugs = generator.forge(pattern, { seed: 'reference-docs', count });
      expect(new Set(slugs).size).toBe(count);
      for (const slug of slugs) {
        expect(slug.length).toBeGreaterThan(0);
        expect(Buffer.byteLength(slug)).toBeLessThanOrEqual(info.max_slug_length);
      }
    },
  );

  it.each(Object.entries(INVALID_PATTERNS))('%s is refused with a pattern error (%s)', (pattern) => {
    expect(refusal(pattern)).toBeInstanceOf(PatternError);
  });

  it('short tags, category tags and the new dictionaries forge words of their tags', () => {
    const bundle = loadBundle();
    const tagged = (kind: string, tag: string) =>
      new Set(
        bundle.dictionaries
          .find((d) => d.kind === kind)
          ?.words.filter((w) => w.tags.includes(tag))
          .map((w) => w.word),
      );
    const objective = tagged('adjective', 'objective');
    const positive = tagged('adjective', 'positive');
    const devices = tagged('noun', 'device');
    for (const slug of generator.forge('{adjective:+pos+obj}-{noun:+device}', { seed: 'tags', count: 50 })) {
      const [adjective, noun] = slug.split('-');
      expect(objective.has(adjective) && positive.has(adjective), slug).toBe(true);
      expect(devices.has(noun), slug).toBe(true);
    }
    const tlds = tagged('domain', 'tld');
    for (const slug of generator.forge('{adjective:+pos}.{domain:+tld}', { seed: 'tags', count: 50 }))
      expect(tlds.has(slug.split('.')[1]), slug).toBe(true);
    // Upper-case kinds render upper case, as in the reference (REF_{ADJECTIVE:<4}…).
    for (const slug of generator.forge('REF_{ADJECTIVE:<4}_{number:8x}', { seed: 'tags', count: 20 }))
      expect(slug).toMatch(/^REF_[A-Z]{2,3}_[0-9a-f]{8}$/);
  });
});
