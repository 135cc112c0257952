import { readFileSync } from 'node:fs';
import { loadBundle } from '@slugsmith/dictionaries';
import { Generator, parsePattern } from '@slugsmith/generator';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { patternMessageKey, translatePatternMessage } from '../src/routes/playground/pattern-messages.js';

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../public/locales/${lang}/playground.json`, import.meta.url), 'utf8'));

let i18: i18n;
beforeAll(async () => {
  i18 = i18next.createInstance();
  await i18.init({
    lng: 'en-GB',
    resources: { 'en-GB': { playground: catalogue('en-GB') }, 'de-DE': { playground: catalogue('de-DE') } },
    interpolation: { escapeValue: false },
  });
});
const inLanguage = (lang: string) => (key: string, options: Record<string, string>) =>
  i18.getFixedT(lang)(key, options);

/** Patterns the engine rejects, one for each message it can give the playground. */
const BAD_PATTERNS = [
  '{number:0d}',
  '{number:3q}',
  '{number}',
  '{number:3d',
  '{special:3-1}',
  '{emoji:count=0}',
  '{emoji:unique=maybe}',
  '{emoji:foo=1}',
  '{emoji:count}',
  '\\q',
  '}',
  '[x]',
  '{number:x}',
  '{}',
  '{noun@}',
  '{noun:+}',
  '{emoji:unique=true}',
  '{noun:>3+animal}',
  '{number:99d}',
  '{noun:!3}',
  '{noun:+animal-animal}',
  '{noun:+nosuchtag}',
  '{noun:+anmal}',
  '{nosuchdict}',
  '{nuon}',
  '{noun@xx}',
  '{noun:+animal>40}',
  '{emoji:+nosuchtag}',
  '{adjective}{noun}',
];

/** The parser messages product spec §5 names. */
const SPEC_MESSAGES = [
  'Max length must be greater than 0',
  'Base must be defined',
  'Min length must be greater than or equal to 0',
  'Min length must be less than or equal to max length',
  'Number must be greater than 0',
  'Expected : after number generator name',
  'Expected } after number generator',
  'Expected boolean',
  'Invalid number base',
  'Option already set',
  'Invalid option',
  'Expected = after option name',
  'Invalid escape sequence',
  'Unexpected character',
  'Unexpected placeholder after global settings',
  'Unexpected global settings',
];

function engineMessage(pattern: string, generator: Generator): string {
  try {
    parsePattern(pattern);
    generator.patternInfo(pattern);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${pattern} was accepted`);
}

describe('pattern messages in the reader’s language (product spec §5)', () => {
  it('knows every message the engine gives, and English reproduces it word for word', () => {
    const generator = new Generator(loadBundle());
    const messages = [...SPEC_MESSAGES, ...BAD_PATTERNS.map((p) => engineMessage(p, generator))];
    for (const message of messages) {
      expect(patternMessageKey(message), message).not.toBeNull();
      expect(translatePatternMessage(message, inLanguage('en-GB'))).toBe(message);
      expect(translatePatternMessage(message, inLanguage('de-DE')), message).not.toBe(message);
    }
  });

  it('carries the variable parts into the translation', () => {
    const de = inLanguage('de-DE');
    expect(translatePatternMessage('Maximum value is 18', de)).toBe('Der höchste Wert ist 18');
    expect(translatePatternMessage("Unknown tag 'zzz' for 'noun'", de)).toBe(
      "Unbekanntes Schlagwort 'zzz' für 'noun'",
    );
    expect(translatePatternMessage("Operator != requires '='", de)).toBe("Der Operator != braucht '='");
    expect(
      translatePatternMessage("Unknown tag 'anmal' for 'noun'. Did you mean 'animal', 'mammal'?", de),
    ).toBe("Unbekanntes Schlagwort 'anmal' für 'noun'. Meinten Sie 'animal', 'mammal'?");
    expect(translatePatternMessage("Unknown dictionary 'nuon'. Did you mean 'noun'?", de)).toBe(
      "Unbekanntes Wörterbuch 'nuon'. Meinten Sie 'noun'?",
    );
  });

  it('shows an unknown message as the engine wrote it', () => {
    expect(patternMessageKey('Something new')).toBeNull();
    expect(translatePatternMessage('Something new', inLanguage('de-DE'))).toBe('Something new');
  });
});
