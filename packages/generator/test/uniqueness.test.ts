import { describe, expect, it } from 'vitest';
import { Generator, GeneratorError, SAMPLE_BUNDLE, SequenceExhausted } from '../src/index.js';
import { bundleOf, forgeAll, patternError, sampleWords, utf8, wordList } from './helpers.js';

const sample = new Generator(SAMPLE_BUNDLE);

// Sizes computed from the bundle data and the spec's formulas, independently of the engine.
const ADJ = sampleWords('adjective').length; // 40
const NOUN = sampleWords('noun').length; // 38 ('jerk' is opt-in)
const EMOJI = sampleWords('emoji').length; // 21 (🖕 is opt-in)
const FACE = sampleWords('emoji', { include: ['face'] }).length; // 9
const ROMAN = { 1: 7, 2: 38, 3: 131, 15: 3999 } as const; // notes §2.2 table
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const perm = (n: number, k: number) => Array.from({ length: k }, (_, i) => n - i).reduce((a, b) => a * b, 1);
const specials = (a: number, b: number) => sum(Array.from({ length: b - a + 1 }, (_, i) => 32 ** (a + i)));
const isPrime = (n: number) => {
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return n > 1;
};

interface Case {
  pattern: string;
  /** Component sizes; capacity is their product. */
  sizes: number[];
  gen?: Generator;
  /** Splits a slug into its component strings (for per-component coverage). */
  split?: (slug: string) => string[];
  /** Every slug must match. */
  shape?: RegExp;
  /** Mixed case must not add capacity: slugs stay distinct after lower-casing. */
  caseless?: boolean;
}

const prime997 = new Generator(bundleOf({ noun: wordList('w', 997) }));
const prime100003 = new Generator(bundleOf({ noun: wordList('n', 100_003) }));
const single = new Generator(bundleOf({ noun: ['solo'], verb: ['ab', 'cd'], adverb: ['x', 'y', 'z'] }));

const cases: Case[] = [
  {
    pattern: '{adjective}-{noun}-{number:2d}',
    sizes: [ADJ, NOUN, 100],
    split: (s) => s.split('-'),
    shape: /^[a-z]+-[a-z]+-\d{2}$/,
  },
  {
    pattern: '{Adjective}{Noun}{number:1x}',
    sizes: [ADJ, NOUN, 16],
    shape: /^[A-Z][a-z]+[A-Z][a-z]+[0-9a-f]$/,
  },
  {
    pattern: '{aDjective}.{NOUN:+animal}.{number:2R}',
    sizes: [ADJ, sampleWords('noun', { include: ['animal'] }).length, ROMAN[2]],
    split: (s) => s.toLowerCase().split('.'),
    caseless: true,
  },
  {
    pattern: '{verb:+motion}_{adverb:<=6}_{number:3r}',
    sizes: [
      sampleWords('verb', { include: ['motion'] }).length,
      sampleWords('adverb').filter((w) => w.length <= 6).length,
      ROMAN[3],
    ],
    split: (s) => s.split('_'),
    shape: /^[a-z]+_[a-z]{1,6}_[ivxlcdm]{1,3}$/,
  },
  {
    pattern: '{adjective:+color}-{noun:-animal-food}',
    sizes: [8, NOUN - 12 - 8],
    split: (s) => s.split('-'),
  },
  { pattern: '{ADVERB} {verb} {suffix}', sizes: [13, 16, 7], split: (s) => s.split(' ') },
  { pattern: '{noun}[+animal]', sizes: [12] },
  { pattern: '{special:0-3}', sizes: [specials(0, 3)], shape: /^[!-/:-@[-`{-~]{0,3}$/ },
  {
    pattern: '{noun:+food}{special:0-2}{number:1d}',
    sizes: [8, specials(0, 2), 10],
    split: (s) => /^([a-z]+)([^a-z0-9]*)(\d)$/.exec(s)!.slice(1),
  },
  { pattern: '{special:2}#{suffix}', sizes: [1024, 7] },
  { pattern: '{special:3}', sizes: [32 ** 3] },
  { pattern: '{number:4X}', sizes: [65536], shape: /^[0-9A-F]{4}$/ },
  { pattern: '{number:5}', sizes: [100_000], shape: /^\d{5}$/ },
  { pattern: '{number:15r}-{number:1d}', sizes: [ROMAN[15], 10], split: (s) => s.split('-') },
  { pattern: '{number:1R}{number:1d}', sizes: [ROMAN[1], 10] },
  { pattern: '{emoji}', sizes: [EMOJI] },
  { pattern: '{emoji:count=1-3}', sizes: [EMOJI + EMOJI ** 2 + EMOJI ** 3] },
  { pattern: '{emoji:count=3 unique=true}', sizes: [perm(EMOJI, 3)] },
  { pattern: '{emoji:count=1-2 unique=true}', sizes: [EMOJI + perm(EMOJI, 2)] },
  {
    pattern: '{emoji:+face count=0-3 unique=true}-{number:2d}',
    sizes: [1 + FACE + perm(FACE, 2) + perm(FACE, 3), 100],
    split: (s) => s.split('-'),
  },
  { pattern: '{emoji:count=2}{noun:+plant}', sizes: [EMOJI ** 2, 6] },
  { pattern: 'static', sizes: [] },
  // Synthetic bundles: padded single components (prime sizes), size-1 and tiny components.
  { pattern: '{noun}', sizes: [997], gen: prime997 },
  { pattern: '{noun}', sizes: [100_003], gen: prime100003 },
  {
    pattern: '{nOUN}-{number:1d}',
    sizes: [997, 10],
    gen: prime997,
    caseless: true,
    split: (s) => s.toLowerCase().split('-'),
  },
  { pattern: '{noun}', sizes: [1], gen: single },
  { pattern: '{verb}', sizes: [2], gen: single },
  { pattern: '{adverb}', sizes: [3], gen: single },
  {
    pattern: '{noun}-{adverb}-{number:3d}-{verb}',
    sizes: [1, 3, 1000, 2],
    gen: single,
    split: (s) => s.split('-'),
  },
];

const product = (sizes: number[]) => sizes.reduce((a, b) => a * b, 1);

describe('G2 exhaustive uniqueness and G4 exhaustion (capacity ≤ 200,000)', { timeout: 60_000 }, () => {
  it('the synthetic sizes are what they claim', () => {
    expect(isPrime(997) && isPrime(100_003)).toBe(true);
    expect([ADJ, NOUN, EMOJI, FACE]).toEqual([40, 38, 21, 9]);
    for (const c of cases) expect(product(c.sizes), c.pattern).toBeLessThanOrEqual(200_000);
  });

  it.each(cases)('$pattern', (c) => {
    const gen = c.gen ?? sample;
    const capacity = product(c.sizes);
    const info = gen.patternInfo(c.pattern);
    expect(info.capacity).toBe(String(capacity));
    expect(info.components).toBe(c.sizes.length);

    const slugs = forgeAll(gen, c.pattern, 'exhaustive', capacity);
    expect(slugs).toHaveLength(capacity);
    expect(new Set(slugs).size).toBe(capacity);
    if (c.caseless) expect(new Set(slugs.map((s) => s.toLowerCase())).size).toBe(capacity);
    if (c.shape) for (const s of slugs) if (!c.shape.test(s)) expect(s).toMatch(c.shape);

    // A bijection onto the product space: every component value appears exactly capacity/size times.
    if (c.split) {
      c.sizes.forEach((size, i) => {
        const counts = new Map<string, number>();
        for (const s of slugs) {
          const part = c.split!(s)[i];
          counts.set(part, (counts.get(part) ?? 0) + 1);
        }
        expect(counts.size, `component ${i}`).toBe(size);
        expect(new Set(counts.values()), `component ${i}`).toEqual(new Set([capacity / size]));
      });
    }

    // max_slug_length is the exact maximum in UTF-8 bytes.
    expect(slugs.reduce((m, s) => Math.max(m, utf8(s)), 0)).toBe(info.max_slug_length);

    expect(() => gen.forge(c.pattern, { seed: 'exhaustive', sequence: capacity, count: 1 })).toThrow(
      SequenceExhausted,
    );
    expect(() => gen.forge(c.pattern, { seed: 'exhaustive', sequence: capacity - 1, count: 2 })).toThrow(
      SequenceExhausted,
    );
    expect(gen.forge(c.pattern, { seed: 'exhaustive', sequence: capacity - 1, count: 1 })).toEqual([
      slugs[capacity - 1],
    ]);
  });

  it('another seed is another order of the same set', () => {
    const pattern = '{adjective}-{noun}-{number:2d}';
    const capacity = ADJ * NOUN * 100;
    const a = forgeAll(sample, pattern, 'seed-a', capacity);
    const b = forgeAll(sample, pattern, 'seed-b', capacity);
    expect(new Set(b)).toEqual(new Set(a));
    let same = 0;
    for (let i = 0; i < capacity; i++) if (a[i] === b[i]) same++;
    // Independent orders agree at about capacity/capacity = 1 position.
    expect(same).toBeLessThan(10);
  });

  it('SequenceExhausted carries the position and the capacity', () => {
    try {
      sample.forge('{adverb}', { seed: 'x', sequence: 13, count: 1 });
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(SequenceExhausted);
      expect((e as SequenceExhausted).capacity).toBe(13n);
      expect((e as SequenceExhausted).sequence).toBe(13n);
    }
    expect(() => sample.forge('{adverb}', { seed: 'x', sequence: 0, count: 14 })).toThrow(SequenceExhausted);
    expect(sample.forge('{adverb}', { seed: 'x', sequence: 0, count: 13 })).toHaveLength(13);
  });
});

describe('component sizes and contents', () => {
  it('roman numerals: sizes per the notes table, all of 1–3999 at length 15', () => {
    const table = [7, 38, 131, 346, 735, 1308, 1999, 2690, 3263, 3652, 3867, 3960, 3991, 3998, 3999];
    table.forEach((size, i) => {
      expect(sample.patternInfo(`{number:${i + 1}R}`).capacity).toBe(String(size));
      expect(sample.patternInfo(`{number:${i + 1}r}`).capacity).toBe(String(size));
    });
    const value: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
    const parse = (r: string) =>
      [...r].reduce((acc, c, i) => acc + (value[c] < (value[r[i + 1]] ?? 0) ? -value[c] : value[c]), 0);
    const all = forgeAll(sample, '{number:15R}', 'roman', 3999).map(parse);
    expect(new Set(all).size).toBe(3999);
    expect(Math.min(...all)).toBe(1);
    expect(Math.max(...all)).toBe(3999);
  });

  it('dec and hex sizes are base^L up to the limits', () => {
    for (let l = 1; l <= 18; l++)
      expect(sample.patternInfo(`{number:${l}}`).capacity).toBe((10n ** BigInt(l)).toString());
    for (let l = 1; l <= 16; l++)
      expect(sample.patternInfo(`{number:${l}X}`).capacity).toBe((16n ** BigInt(l)).toString());
    expect(forgeAll(sample, '{number:2d}', 'd', 100).sort()).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
    );
  });

  it('{special} draws from the 32 printable ASCII punctuation characters, each once', () => {
    const punctuation = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
    expect(punctuation).toHaveLength(32);
    expect(forgeAll(sample, '{special}', 'p', 32).sort()).toEqual(punctuation.sort());
  });

  it('unique=true never repeats an emoji inside a slug; without it repeats occur', () => {
    const uniq = forgeAll(sample, '{emoji:count=3 unique=true}', 'u', perm(EMOJI, 3));
    for (const s of uniq) expect(new Set([...s]).size).toBe(3);
    const rep = forgeAll(sample, '{emoji:count=3}', 'u', EMOJI ** 3);
    expect(rep.filter((s) => new Set([...s]).size < 3)).toHaveLength(EMOJI ** 3 - perm(EMOJI, 3));
    const counts = forgeAll(sample, '{emoji:count=0-2}', 'u', 1 + EMOJI + EMOJI ** 2).map(
      (s) => [...s].length,
    );
    expect([0, 1, 2].map((k) => counts.filter((c) => c === k).length)).toEqual([1, EMOJI, EMOJI ** 2]);
  });
});

describe('components larger than 2^31 (sampled positions)', () => {
  const tiny = new Generator(bundleOf({ noun: ['ab', 'cd'] }));
  const pattern = '{number:12d}-{noun}';
  const capacity = 2n * 10n ** 12n;

  it('has the exact capacity and distinct, well-formed slugs across the space', () => {
    expect(tiny.patternInfo(pattern).capacity).toBe(capacity.toString());
    const starts = [
      0n,
      2n ** 31n - 5000n,
      2n ** 32n,
      10n ** 12n - 3000n,
      1_234_567_890_123n,
      capacity - 10_000n,
    ];
    const all: string[] = [];
    for (const start of starts) {
      all.push(...tiny.forge(pattern, { seed: 'big', sequence: start, count: 10_000 }));
    }
    expect(new Set(all).size).toBe(all.length);
    for (const s of all) if (!/^\d{12}-(ab|cd)$/.test(s)) expect(s).toMatch(/^\d{12}-(ab|cd)$/);
    // Both words and the full range of leading digits occur.
    expect(new Set(all.map((s) => s.slice(-2)))).toEqual(new Set(['ab', 'cd']));
    expect(new Set(all.map((s) => s[0])).size).toBe(10);
  });

  it('batches equal single positions across the 2^31 and 2^32 boundaries', () => {
    for (const start of [2n ** 31n - 40n, 2n ** 32n - 40n, capacity - 80n]) {
      const batch = tiny.forge(pattern, { seed: 'big', sequence: start, count: 80 });
      batch.forEach((slug, i) => {
        expect(tiny.forge(pattern, { seed: 'big', sequence: start + BigInt(i), count: 1 })[0]).toBe(slug);
      });
    }
  });

  it('exhausts exactly at the capacity', () => {
    expect(tiny.forge(pattern, { seed: 'big', sequence: (capacity - 1n).toString(), count: 1 })).toHaveLength(
      1,
    );
    expect(() => tiny.forge(pattern, { seed: 'big', sequence: capacity.toString(), count: 1 })).toThrow(
      SequenceExhausted,
    );
  });

  it('handles capacities beyond 2^64 up to the last sequence number', () => {
    const big = '{number:18d}{special:0-12}';
    let specialSize = 0n;
    for (let l = 0n; l <= 12n; l++) specialSize += 32n ** l;
    const cap = 10n ** 18n * specialSize;
    expect(sample.patternInfo(big).capacity).toBe(cap.toString());
    const last = (2n ** 64n - 1n).toString();
    const slugs = sample.forge(big, { seed: 'x', sequence: (2n ** 64n - 1000n).toString(), count: 1000 });
    expect(new Set(slugs).size).toBe(1000);
    expect(sample.forge(big, { seed: 'x', sequence: last, count: 1 })[0]).toBe(slugs[999]);
    expect(() => sample.forge(big, { seed: 'x', sequence: (2n ** 64n).toString(), count: 1 })).toThrow(
      GeneratorError,
    );
    expect(sample.forge('{number:16x}', { seed: 'x', sequence: 2n ** 64n - 1n, count: 1 })[0]).toMatch(
      /^[0-9a-f]{16}$/,
    );
  });
});

describe('sequence positions', () => {
  const pattern = '{adjective}-{noun}-{number:2d}';

  it('a sequence given as number, bigint or decimal string gives the same slugs', () => {
    for (const k of [0, 1, 63, 64, 65, 12_345, 151_990]) {
      const n = sample.forge(pattern, { seed: 's', sequence: k, count: 10 });
      expect(sample.forge(pattern, { seed: 's', sequence: BigInt(k), count: 10 })).toEqual(n);
      expect(sample.forge(pattern, { seed: 's', sequence: String(k), count: 10 })).toEqual(n);
    }
    expect(sample.forge(pattern, { seed: 's', count: 3 })).toEqual(
      sample.forge(pattern, { seed: 's', sequence: 0, count: 3 }),
    );
  });

  it('rejects sequences that are not whole numbers in [0, 2^64)', () => {
    for (const sequence of [
      -1,
      1.5,
      Number.NaN,
      2 ** 60,
      '-1',
      '1e3',
      ' 1',
      '0x10',
      '',
      '18446744073709551616',
    ]) {
      expect(() => sample.forge(pattern, { seed: 's', sequence, count: 1 }), String(sequence)).toThrow(
        GeneratorError,
      );
    }
    expect(() => sample.forge(pattern, { seed: 's', sequence: -1n, count: 1 })).toThrow(GeneratorError);
  });

  it('rejects counts that are not positive whole numbers', () => {
    for (const count of [0, -1, 1.5, Number.NaN]) {
      expect(() => sample.forge(pattern, { seed: 's', count }), String(count)).toThrow(GeneratorError);
    }
  });

  it('positions k … k+count−1 equal single forges at each position (carries, padded layouts, mixed case)', () => {
    const windows: [Generator, string, number, number][] = [
      [sample, pattern, 1500, 200],
      [sample, '{aDjective}.{NOUN:+animal}.{number:2R}', 17_000, 130],
      [sample, '{emoji:+face count=0-3 unique=true}-{number:2d}', 580, 100],
      [sample, '{special:0-3}', 0, 70],
      [prime997, '{nOUN}-{number:1d}', 960, 150],
      [prime997, '{noun}', 900, 97],
      [single, '{noun}-{adverb}-{number:3d}-{verb}', 5990, 10],
    ];
    for (const [gen, p, k, count] of windows) {
      const batch = gen.forge(p, { seed: 'w', sequence: k, count });
      batch.forEach((slug, i) => {
        expect(gen.forge(p, { seed: 'w', sequence: k + i, count: 1 })[0], `${p} @${k + i}`).toBe(slug);
      });
    }
  });

  it('calls share no state: interleaved patterns, seeds and counts give what fresh generators give', () => {
    const calls: [string, string, number, number][] = [
      ['{adjective}-{noun}-{number:2d}', 'a', 0, 200],
      ['{aDjective}.{NOUN:+animal}.{number:2R}', 'b', 5, 1],
      ['{adjective}-{noun}-{number:2d}', 'c', 7, 3],
      ['{emoji:count=1-3}', 'a', 100, 65],
      ['{adjective}-{noun}-{number:2d}', 'a', 50, 64],
      ['{aDjective}.{NOUN:+animal}.{number:2R}', 'b', 0, 130],
      ['{number:12d}{special:0-2}', 'z', 10 ** 12, 70],
    ];
    const shared = new Generator(SAMPLE_BUNDLE);
    const kept = calls.map(([p, seed, sequence, count]) => shared.forge(p, { seed, sequence, count }));
    const copies = kept.map((k) => [...k]);
    calls.forEach(([p, seed, sequence, count], i) => {
      expect(kept[i], `${p} ${seed}`).toEqual(
        new Generator(SAMPLE_BUNDLE).forge(p, { seed, sequence, count }),
      );
      expect(kept[i]).toEqual(copies[i]);
    });
    expect(kept[4]).toEqual(kept[0].slice(50, 114));
  });

  it('the same seed gives the same output in a fresh generator; different seeds differ', () => {
    const again = new Generator(SAMPLE_BUNDLE);
    const a = sample.forge(pattern, { seed: 'same', count: 500 });
    expect(again.forge(pattern, { seed: 'same', count: 500 })).toEqual(a);
    const b = sample.forge(pattern, { seed: 'other', count: 500 });
    expect(a.filter((s, i) => s === b[i]).length).toBeLessThan(5);
    expect(sample.forge(pattern, { seed: '', count: 500 })).not.toEqual(a);
  });

  it('without a seed, each call draws a random one', () => {
    const p = '{adjective}-{noun}-{number:4d}';
    expect(sample.forge(p, { count: 5 })).not.toEqual(sample.forge(p, { count: 5 }));
  });

  it('one slug without a seed is uniform over the whole space, every slug reachable', () => {
    // Capacity 100: 100,000 draws put 1,000 on each slug on average; a chi-square over 99 degrees
    // of freedom stays under 148.2 but for one run in a thousand.
    const p = '{number:1d}-{number:1d}';
    const capacity = Number(sample.patternInfo(p).capacity);
    expect(capacity).toBe(100);
    const seen = new Map<string, number>();
    const draws = capacity * 1_000;
    for (let i = 0; i < draws; i++) {
      const [slug] = sample.forge(p, { count: 1 });
      seen.set(slug, (seen.get(slug) ?? 0) + 1);
    }
    expect(seen.size).toBe(capacity);
    expect(new Set(forgeAll(sample, p, 'any', capacity))).toEqual(new Set(seen.keys()));
    const expected = draws / capacity;
    const chi = [...seen.values()].reduce((a, n) => a + (n - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(148.2);
  });

  it('a bundle with unrelated additions keeps the sequence (G5 at the engine level)', () => {
    const extended = new Generator({
      ...SAMPLE_BUNDLE,
      id: 'sample-extended',
      dictionaries: [
        ...SAMPLE_BUNDLE.dictionaries,
        { kind: 'noun', language: 'de', words: [{ word: 'haus', tags: [] }] },
        { kind: 'planet', language: 'en', words: [{ word: 'mars', tags: [] }] },
      ],
    });
    expect(extended.forge(pattern, { seed: 'g5', sequence: 777, count: 50 })).toEqual(
      sample.forge(pattern, { seed: 'g5', sequence: 777, count: 50 }),
    );
  });
});

describe('pattern info', () => {
  const tagged = new Generator(
    bundleOf(
      {
        adjective: [
          { word: 'formalword', tags: ['tag1', 'formal'] },
          { word: 'plain', tags: ['tag2'] },
          { word: 'rude', tags: ['nsfw'] },
        ],
        noun: ['otter', 'heron'],
      },
      [
        { kind: 'adjective', tag: 'tag1' },
        { kind: 'adjective', tag: 'tag2' },
        { kind: 'adjective', tag: 'formal' },
        { kind: 'adjective', tag: 'nsfw', opt_in: true },
      ],
    ),
  );

  it('complexity follows the reference table (notes §4.2)', () => {
    const cases: [string, number][] = [
      ['{noun}', 5],
      ['{Noun}', 8],
      ['{NOUN}', 7],
      ['{nOun}', 11],
      ['{adjective:+tag1-tag2==10}', 12],
      ['{adjective@en:+formal-nsfw>3}', 12],
      ['{adjective:<8}', 7],
      ['{adjective:+formal}', 7],
      ['{adjective}-{noun}[<=10]', 14],
      ['{adjective:+formal}-{noun}[<=10]', 17],
      ['{special:8-12}', 18],
      ['{special}', 4],
      ['{special:3}', 5],
      ['{special:0-3}', 10],
      ['{number:3d}', 3],
      ['{number:15R}', 3],
      ['{emoji:count=2 unique=true}', 5],
      ['{adjective}-{noun}-{number:3d}', 13],
      ['plain text', 0],
    ];
    const gen = (p: string) => (p.includes('emoji') ? sample : tagged);
    for (const [pattern, complexity] of cases)
      expect([pattern, gen(pattern).patternInfo(pattern).complexity]).toEqual([pattern, complexity]);
  });

  it('reports the canonical pattern, the components and the capacity as a decimal string', () => {
    expect(sample.patternInfo('{adjective}-{noun}-{num:3}[@en]')).toEqual({
      pattern: '{adjective@en}-{noun@en}-{number:3d}',
      capacity: String(ADJ * NOUN * 1000),
      max_slug_length: 8 + 1 + 7 + 1 + 3,
      complexity: 13,
      components: 3,
    });
    expect(sample.patternInfo('{number:18d}{number:18d}').capacity).toBe(`1${'0'.repeat(36)}`);
    expect(sample.patternInfo('').capacity).toBe('1');
    expect(sample.patternInfo('{emoji:+face count=6}').capacity).toBe(String(FACE ** 6));
    expect(sample.patternInfo('{emoji:+face count=0-6 unique=true}').capacity).toBe(
      String(sum([0, 1, 2, 3, 4, 5, 6].map((k) => perm(FACE, k)))),
    );
  });

  it('max_slug_length counts UTF-8 bytes of decoded text and filtered words', () => {
    const maxBytes = (words: string[]) => Math.max(...words.map(utf8));
    expect(sample.patternInfo('ü-{noun}').max_slug_length).toBe(2 + 1 + maxBytes(sampleWords('noun')));
    expect(sample.patternInfo('\\{{noun}\\}').max_slug_length).toBe(1 + 7 + 1);
    expect(sample.patternInfo('{noun}[<=5]').max_slug_length).toBe(
      maxBytes(sampleWords('noun').filter((w) => w.length <= 5)),
    );
    expect(sample.patternInfo('{noun:+offensive}').max_slug_length).toBe(4);
    expect(sample.patternInfo('{emoji:count=2}').max_slug_length).toBe(2 * maxBytes(sampleWords('emoji')));
    expect(sample.patternInfo('{number:4R}').max_slug_length).toBe(4);
    expect(sample.patternInfo('{number:15R}').max_slug_length).toBe(15);
    expect(sample.patternInfo('{special:0-3}').max_slug_length).toBe(3);
    expect(sample.patternInfo('{number:12x}').max_slug_length).toBe(12);
  });
});

describe('selection: opt-in tags (G6), languages and errors', () => {
  it("excludes opt-in tags unless included with +tag: the noun 'jerk' and the 🖕 emoji", () => {
    const nouns = forgeAll(sample, '{noun}', 'g6', NOUN);
    expect(nouns).not.toContain('jerk');
    expect(new Set(nouns)).toEqual(new Set(sampleWords('noun')));
    expect(sample.forge('{noun:+offensive}', { seed: 'g6', count: 1 })).toEqual(['jerk']);
    expect(forgeAll(sample, '{noun}[+offensive]', 'g6', 1)).toEqual(['jerk']);
    expect(sample.forge('{noun:-animal}', { seed: 'g6', count: NOUN - 12 })).not.toContain('jerk');
    const emoji = forgeAll(sample, '{emoji}', 'g6', EMOJI);
    expect(emoji).not.toContain('🖕');
    expect(forgeAll(sample, '{emoji:count=2}', 'g6', EMOJI ** 2).some((s) => s.includes('🖕'))).toBe(false);
    expect(sample.forge('{emoji:+nsfw}', { seed: 'g6', count: 1 })).toEqual(['🖕']);
    expect(sample.patternInfo('{emoji:+hand+nsfw}').capacity).toBe('1');
  });

  it('reports dictionaries and tags with opt-in flags and word counts (generator.md §6)', () => {
    expect(sample.dictionaryInfo()).toContainEqual({ kind: 'noun', language: 'en', count: NOUN + 1 });
    expect(sample.dictionaryInfo()).toContainEqual({ kind: 'suffix', language: null, count: 7 });
    const tags = sample.dictionaryTags();
    expect(tags).toContainEqual(
      expect.objectContaining({ kind: 'noun', tag: 'offensive', opt_in: true, word_count: 1 }),
    );
    expect(tags).toContainEqual(
      expect.objectContaining({ kind: 'emoji', tag: 'nsfw', opt_in: true, word_count: 1 }),
    );
    expect(tags).toContainEqual(
      expect.objectContaining({ kind: 'noun', tag: 'animal', opt_in: false, word_count: 12 }),
    );
    expect(() => new Generator({} as never)).toThrow(GeneratorError);
  });

  it('language-agnostic dictionaries serve every language; missing languages are errors', () => {
    expect(sample.patternInfo('{suffix@fr}').capacity).toBe('7');
    expect(sample.patternInfo('{noun@EN}').capacity).toBe(String(NOUN));
    const e = patternError(() => sample.patternInfo('{noun@fr}'));
    expect(e.message).toMatch(/fr/);
  });

  it('an unknown kind or include tag is a PatternError naming it; excluding an unknown tag is a no-op', () => {
    expect(patternError(() => sample.patternInfo('{planet}')).message).toContain('planet');
    const tag = patternError(() => sample.patternInfo('{noun:+mineral}'));
    expect(tag.message).toContain('mineral');
    expect(tag.message).toContain('noun');
    expect(sample.patternInfo('{adjective}-{noun:-mineral}').capacity).toBe(
      sample.patternInfo('{adjective}-{noun}').capacity,
    );
    // Reference patterns with global excludes keep working where a kind lacks the tag.
    expect(sample.patternInfo('{adjective}-{noun}[-offensive]').capacity).toBe(
      sample.patternInfo('{adjective}-{noun}').capacity,
    );
    expect(patternError(() => sample.patternInfo('{emoji:+mineral}')).message).toContain('mineral');
    const span = patternError(() => sample.patternInfo('ab-{noun}-{planet}'));
    expect([span.start, span.end]).toEqual([10, 18]);
  });

  it("an empty selection is 'No words available for the given constraints…' naming the selector", () => {
    const e = patternError(() => sample.forge('x-{noun:+animal>10}', { seed: 's', count: 1 }));
    expect(e.message.startsWith('No words available for the given constraints')).toBe(true);
    expect(e.message).toContain('noun:+animal>10');
    expect([e.start, e.end]).toEqual([2, 19]);
    expect(patternError(() => sample.patternInfo('{noun:+animal+food}')).message).toMatch(
      /^No words available for the given constraints/,
    );
    expect(() => sample.patternInfo('{emoji:+face+food}')).toThrow(/No emoji available/);
  });

  it('size limits compare characters (code points)', () => {
    const gen = new Generator(bundleOf({ noun: ['añb', 'a😀b', 'abcd', 'ab'] }));
    expect(forgeAll(gen, '{noun:==3}', 's', 2).sort()).toEqual(['a😀b', 'añb'].sort());
    expect(forgeAll(gen, '{noun:!=3}', 's', 2).sort()).toEqual(['ab', 'abcd']);
    expect(forgeAll(gen, '{noun:>3}', 's', 1)).toEqual(['abcd']);
    expect(forgeAll(gen, '{noun:>=3}', 's', 3).sort()).toEqual(['abcd', 'a😀b', 'añb'].sort());
    expect(forgeAll(gen, '{noun:<3}', 's', 1)).toEqual(['ab']);
    expect(forgeAll(gen, '{noun:<=3}', 's', 3).sort()).toEqual(['a😀b', 'ab', 'añb'].sort());
    expect(gen.patternInfo('{noun:==3}').max_slug_length).toBe(6);
  });

  it('cases follow the spelling of the kind', () => {
    const words = new Set(sampleWords('noun'));
    const seen = (p: string) => forgeAll(sample, p, 'case', NOUN);
    expect(new Set(seen('{noun}'))).toEqual(words);
    expect(new Set(seen('{NOUN}'))).toEqual(new Set([...words].map((w) => w.toUpperCase())));
    expect(new Set(seen('{Noun}'))).toEqual(new Set([...words].map((w) => w[0].toUpperCase() + w.slice(1))));
    const mixed = seen('{nOUn}');
    expect(new Set(mixed.map((w) => w.toLowerCase()))).toEqual(words);
    // The mask varies: not everything is lower, upper or title case.
    expect(
      mixed.some(
        (w) => w !== w.toLowerCase() && w !== w.toUpperCase() && w.slice(1) !== w.slice(1).toLowerCase(),
      ),
    ).toBe(true);
  });
});
