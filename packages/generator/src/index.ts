export type { AgreementRule } from './agreement-rules.js';
export { AGREEMENT_RULES } from './agreement-rules.js';
export { hepburn } from './ascii.js';
export type {
  Element,
  EmojiElement,
  GlobalSettings,
  NumberBase,
  NumberElement,
  ParsedPattern,
  SelectorElement,
  SizeLimit,
  SizeOp,
  SpecialElement,
} from './ast.js';
export type { BundleDictionary, BundleTag, BundleWord, DictionaryBundle } from './bundle.js';
export type { DictionaryInfo, DictionaryTagInfo } from './dictionary-index.js';
export type {
  GeneratorErrorCode,
  GeneratorErrorParams,
  PatternErrorCode,
  PatternErrorParams,
} from './errors.js';
export {
  GENERATOR_ERROR_CODES,
  GeneratorError,
  generatorMessage,
  PATTERN_ERROR_CODES,
  PatternError,
  patternMessage,
  SequenceExhausted,
} from './errors.js';
export type { ForgeOptions, GeneratorOptions, PatternInfo, SliceOptions, SliceResult } from './generator.js';
export { Generator, toSequence } from './generator.js';
export type { PatternMeasure } from './measure.js';
export type { DictionaryName, KnownDictionaries } from './names.js';
export { checkNames, findDictionary } from './names.js';
export { canonicalPattern, LIMITS, parsePattern } from './parser.js';
export { ALGORITHM_VERSION } from './permutation.js';
export type { CompiledPattern } from './plan.js';
export { SAMPLE_BUNDLE } from './sample-bundle.js';
export { SAMPLE_LANGUAGE_BUNDLES } from './sample-language-bundles.js';
export type { Suggestion, SuggestionKind, SuggestMeta } from './suggest.js';
export { suggest } from './suggest.js';
