import { readFileSync } from 'node:fs';
import { CreateSdkConfig, Email, Name, Slug } from '@slugsmith/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../src/i18n/languages.js';
import { EXPIRY_IN_PAST, type IssueFigures, issueMessage } from '../src/lib/validation-messages.js';

// Every interface language, as the console lists them.
const LANGUAGES = LANGUAGE_CODES;
type Tree = { [key: string]: string | Tree };
const entry = (lang: string, key: string) => {
  const [ns = '', path = ''] = key.split(':');
  const tree: Tree = JSON.parse(
    readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'),
  );
  return path
    .split('.')
    .reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);
};

/** The first issue of a value the schema refuses. */
const firstIssue = (
  schema: { safeParse(v: unknown): { error?: { issues: IssueFigures[] } } },
  value: unknown,
) => {
  const issue = schema.safeParse(value).error?.issues[0];
  if (!issue) throw new Error(`accepted: ${JSON.stringify(value)}`);
  return issue;
};

describe('validation messages from zod issue codes (§5)', () => {
  it('words the contract’s refusals by code and figures', () => {
    expect(issueMessage(firstIssue(Name, ''))).toEqual({ key: 'errors:validation.required' });
    expect(issueMessage(firstIssue(Slug, 'ab'))).toEqual({
      key: 'errors:validation.minLength',
      values: { min: 3 },
    });
    expect(issueMessage(firstIssue(Name, 'x'.repeat(101)))).toEqual({
      key: 'errors:validation.maxLength',
      values: { max: 100 },
    });
    expect(issueMessage(firstIssue(Slug, 'Not A Slug'))).toEqual({ key: 'errors:validation.invalidFormat' });
    expect(issueMessage(firstIssue(Email, 'nobody'))).toEqual({ key: 'errors:validation.email' });
    const period = CreateSdkConfig.shape.rotation_period;
    expect(issueMessage(firstIssue(period, 'soon'))).toEqual({ key: 'errors:validation.invalidFormat' });
  });

  it('does not read the words: a reworded message keeps its entry', () => {
    const issue = firstIssue(Slug, 'ab');
    expect(issueMessage({ ...issue, message: 'Slugs are three characters or more' } as IssueFigures)).toEqual(
      issueMessage(issue),
    );
  });

  it('words the API’s `details.issues` the same way (code and params)', () => {
    const fromApi = {
      path: 'body.count',
      message: 'Too small',
      code: 'too_small',
      params: { origin: 'number', minimum: 1 },
    };
    expect(issueMessage({ code: fromApi.code, ...fromApi.params })).toEqual({
      key: 'errors:validation.minValue',
      values: { min: 1 },
    });
    expect(issueMessage({ code: 'invalid_format', format: 'url' })).toEqual({ key: 'errors:validation.url' });
    expect(issueMessage({ code: 'too_big', origin: 'array', maximum: 50 })).toEqual({
      key: 'errors:validation.maxItems',
      values: { max: 50 },
    });
    expect(issueMessage({ code: 'invalid_type' })).toEqual({ key: 'errors:validation.invalidFormat' });
  });

  it('takes a custom rule’s entry from its params', () => {
    expect(issueMessage({ code: 'custom', params: EXPIRY_IN_PAST.params })).toEqual({
      key: 'dashboard:keys.expiryPast',
    });
    expect(issueMessage({ code: 'custom', params: { minimum: '7m' } })).toEqual({
      key: 'errors:validation.minValue',
      values: { min: '7m' },
    });
  });

  it('names only entries every language has', () => {
    const keys = [
      'required',
      'invalidFormat',
      'email',
      'url',
      'minLength',
      'maxLength',
      'minValue',
      'maxValue',
      'maxItems',
    ].map((name) => `errors:validation.${name}`);
    for (const lang of LANGUAGES) {
      for (const key of [...keys, 'dashboard:keys.expiryPast']) {
        expect(typeof entry(lang, key), `${lang} ${key}`).toBe('string');
      }
    }
  });
});
