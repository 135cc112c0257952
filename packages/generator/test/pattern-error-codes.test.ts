import { describe, expect, it } from 'vitest';
import {
  checkNames,
  Generator,
  PATTERN_ERROR_CODES,
  PatternError,
  type PatternErrorCode,
  type PatternErrorParams,
  parsePattern,
  patternMessage,
  SAMPLE_BUNDLE,
  SAMPLE_LANGUAGE_BUNDLES,
} from '../src/index.js';
import { bundleOf } from './helpers.js';

const engine = new Generator(SAMPLE_BUNDLE, { languages: SAMPLE_LANGUAGE_BUNDLES });

function refusal(run: () => unknown): PatternError {
  try {
    run();
  } catch (error) {
    if (error instanceof PatternError) return error;
    throw error;
  }
  throw new Error('accepted');
}
const compiling = (pattern: string) => refusal(() => engine.compile(pattern));

/** [pattern, code, parameters]: one refusal of the engine for each code. */
const CASES: [string, PatternErrorCode, PatternErrorParams][] = [
  ['{noun', 'unexpected-end', {}],
  ['}', 'unexpected-character', {}],
  ['a\\q', 'invalid-escape', {}],
  ['[@en]', 'unexpected-globals', {}],
  ['{noun}[@en]{noun}', 'placeholder-after-globals', {}],
  ['{}', 'expected-name', {}],
  ['{number:x}', 'expected-number', {}],
  ['{emoji:count=2x}', 'expected-number', {}],
  ['{number}', 'expected-colon', {}],
  ['{number:5q}', 'expected-number-close', {}],
  ['{number:0}', 'max-length-not-positive', {}],
  ['{emoji:count=0}', 'number-not-positive', {}],
  ['{special:-1-3}', 'min-length-negative', {}],
  ['{special:5-3}', 'min-above-max', {}],
  ['{number:99d}', 'maximum-value', { max: 18 }],
  ['{number:5,}', 'base-required', {}],
  ['{number:5,Hex}', 'invalid-base', {}],
  ['{noun:+}', 'expected-tag', {}],
  ['{noun:+animal-animal}', 'tag-both-ways', { tag: 'animal' }],
  ['{noun:!3}', 'operator-needs-equals', { operator: '!=' }],
  ['{noun:>3+animal}', 'tags-before-size', {}],
  ['{emoji:count 2}', 'expected-equals', {}],
  ['{noun:x=1}', 'invalid-option', {}],
  ['{emoji:count=2 count=3}', 'option-already-set', {}],
  ['{emoji:unique=yes}', 'expected-boolean', {}],
  ['{noun@}', 'expected-language', {}],
  ['{emoji:unique=true}', 'unique-needs-count', {}],
  ['{nuon}', 'unknown-dictionary', { kind: 'nuon', suggestions: ['noun'] }],
  ['{nosuchdict}', 'unknown-dictionary', { kind: 'nosuchdict', suggestions: [] }],
  ['{noun@xx}', 'no-dictionary-for-language', { kind: 'noun', language: 'xx' }],
  ['{noun:+anmal}', 'unknown-tag', { tag: 'anmal', kind: 'noun', suggestions: ['animal'] }],
  ['{noun:+animal>40}', 'no-words', { placeholder: '{noun:+animal>40}' }],
  ['{emoji:+animal+food}', 'no-emoji', { placeholder: '{emoji:+animal+food}' }],
  ['{adjective}{noun}{verb}', 'run-together', { first: '{adjective}', second: '{verb}' }],
];

describe('pattern errors carry a stable code and its parameters', () => {
  it.each(CASES)('%s → %s', (pattern, code, params) => {
    const e = compiling(pattern);
    expect({ code: e.code, params: e.params }).toEqual({ code, params });
    // The English message is the code's, worded as it always was.
    expect(e.message).toBe(patternMessage(code, params));
  });

  it('keeps the English wording of messages with parameters', () => {
    expect(compiling('{nuon}').message).toBe("Unknown dictionary 'nuon'. Did you mean 'noun'?");
    expect(compiling('{noun:!3}').message).toBe("Operator != requires '='");
    expect(compiling('{number:99d}').message).toBe('Maximum value is 18');
  });

  it('names the colliding words of a run-together refusal', () => {
    const gen = new Generator(bundleOf({ noun: ['boa', 'boast', 'owl'], suffix: ['ster', 'er', 'ly'] }));
    const e = refusal(() => gen.compile('x-{noun}{suffix}'));
    expect(e.code).toBe('run-together');
    expect(e.params).toEqual({
      first: '{noun}',
      second: '{suffix}',
      collision: ['boa', 'ster', 'boast', 'er'],
    });
    expect(e.message).toContain("('boa' + 'ster' and 'boast' + 'er')");
  });

  it('refuses a missing pattern and an emoji without an emoji dictionary by code', () => {
    expect(refusal(() => parsePattern(undefined as unknown as string)).code).toBe('pattern-required');
    const noEmoji = checkNames(parsePattern('{emoji}'), { dictionaries: [{ kind: 'noun', language: 'en' }] });
    expect(noEmoji?.code).toBe('no-emoji-dictionary');
  });

  it('the browser check gives the engine’s codes and parameters', () => {
    const known = { dictionaries: engine.dictionaryInfo(), tags: engine.dictionaryTags() };
    for (const pattern of ['{nuon}', '{noun@xx}', '{noun:+anmal}']) {
      const local = checkNames(parsePattern(pattern), known);
      const compiled = compiling(pattern);
      expect({ code: local?.code, params: local?.params }).toEqual({
        code: compiled.code,
        params: compiled.params,
      });
    }
  });

  it('every code is given by some refusal above', () => {
    const given = new Set<PatternErrorCode>([
      ...CASES.map(([, code]) => code),
      'pattern-required',
      'no-emoji-dictionary',
    ]);
    expect([...PATTERN_ERROR_CODES].filter((code) => !given.has(code))).toEqual([]);
  });
});
