import { loadBundle } from '@slugsmith/dictionaries';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, listDataDocuments } from '../src/index.js';
import { capacityOf, engine } from './helpers.js';

const ROMAN_NUMERAL = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;

interface Example {
  pattern: string;
  name: string;
  capacity: string;
  punchline: string;
}
interface Category {
  id: string;
  category: string;
  description: string;
  patterns: Example[];
}

const files = listDataDocuments().filter((d) => d.name === 'pattern-examples');
const byLang = new Map(files.map((f) => [f.lang, f.data as Category[]]));
const english = byLang.get('en') ?? [];

describe('pattern-examples', () => {
  it('exists in every language and nowhere else', () => {
    expect([...byLang.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has at least 6 categories of at least 3 patterns, ids unique', () => {
    expect(english.length).toBeGreaterThanOrEqual(6);
    for (const c of english) expect(c.patterns.length, c.id).toBeGreaterThanOrEqual(3);
    expect(new Set(english.map((c) => c.id)).size).toBe(english.length);
  });

  describe.each(files.map((f) => ({ lang: f.lang, data: f.data as Category[] })))(
    '$lang',
    ({ lang, data }) => {
      it('has the shape {id, category, description, patterns: [{pattern, name, capacity, punchline}]}', () => {
        expect(Array.isArray(data)).toBe(true);
        for (const c of data) {
          expect(Object.keys(c).sort()).toEqual(['category', 'description', 'id', 'patterns']);
          for (const field of ['id', 'category', 'description'] as const) {
            expect(typeof c[field]).toBe('string');
            expect(c[field].trim()).not.toBe('');
          }
          for (const p of c.patterns) {
            expect(Object.keys(p).sort()).toEqual(['capacity', 'name', 'pattern', 'punchline']);
            for (const field of ['pattern', 'name', 'capacity', 'punchline'] as const) {
              expect(typeof p[field], `${c.id} ${p.pattern} ${field}`).toBe('string');
              expect(p[field].trim()).not.toBe('');
            }
          }
        }
      });

      it('has the same categories and patterns as English, in the same order', () => {
        expect(data.map((c) => c.id)).toEqual(english.map((c) => c.id));
        for (const [i, c] of data.entries()) {
          expect(c.patterns.map((p) => p.pattern)).toEqual(english[i]?.patterns.map((p) => p.pattern));
        }
      });

      it('every pattern parses and its stated capacity is the engine capacity', () => {
        for (const c of data) {
          for (const p of c.patterns) {
            expect(p.capacity, `${lang} ${c.id} ${p.pattern}`).toBe(capacityOf(p.pattern));
          }
        }
      });

      if (lang !== 'en') {
        it('is translated, not an English copy', () => {
          for (const [i, c] of data.entries()) {
            const en = english[i];
            expect(c.description, `${lang} ${c.id}`).not.toBe(en?.description);
            for (const [j, p] of c.patterns.entries()) {
              expect(p.punchline, `${lang} ${c.id} ${p.pattern}`).not.toBe(en?.patterns[j]?.punchline);
            }
          }
        });
      }
    },
  );

  it('no example asks for opt-in words, and samples contain none', () => {
    const gen = engine();
    const bundle = loadBundle();
    // `rare` marks unfamiliar words, not unsafe ones, and a word run into hex digits can spell one
    // ("hedge" + "d15"), so it is left out of this check.
    const optIn = new Set(
      bundle.tags.filter((t) => t.opt_in && t.tag !== 'rare').map((t) => `${t.kind}:${t.tag}`),
    );
    const optInTags = new Set(bundle.tags.filter((t) => t.opt_in).map((t) => t.tag));
    // A word can be opt-in in one kind and harmless in another ("mute" the adjective); only words
    // that no dictionary offers by default count as flagged when they show up in a slug.
    const flagged = new Set<string>();
    const offered = new Set<string>();
    for (const d of bundle.dictionaries) {
      for (const w of d.words) {
        if (w.tags.some((t) => optIn.has(`${d.kind}:${t}`))) flagged.add(w.word);
        else offered.add(w.word);
      }
    }
    for (const w of offered) flagged.delete(w);
    // A Roman numeral ({number:3R}) can spell a domain label that is opt-in (xx, xxx): a number, not a word.
    for (const w of flagged) if (ROMAN_NUMERAL.test(w)) flagged.delete(w);
    expect(flagged.size).toBeGreaterThan(100);
    const flaggedEmoji = [...flagged].filter((w) => !/^[a-z]+$/.test(w));
    const offenders: string[] = [];
    for (const c of english) {
      for (const p of c.patterns) {
        for (const tag of optInTags) expect(p.pattern).not.toContain(`+${tag}`);
        const capacity = BigInt(gen.patternInfo(p.pattern).capacity);
        const count = Number(capacity < 500n ? capacity : 500n);
        for (const slug of gen.forge(p.pattern, { seed: 'audit', count })) {
          const words = slug
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .toLowerCase()
            .split(/[^a-z]+/);
          if (words.some((w) => flagged.has(w)) || flaggedEmoji.some((e) => slug.includes(e))) {
            offenders.push(`${p.pattern} gave ${slug}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
