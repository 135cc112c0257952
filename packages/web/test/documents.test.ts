import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { replaceProductHost } from '../src/components/markdown/host.js';
import { hasOutline } from '../src/components/markdown/toc.js';
import { storedLanguageOf } from '../src/i18n/languages.js';
import { ApiError } from '../src/lib/api.js';
import { documentErrorMessage } from '../src/routes/docs/documents.js';

let t: TFunction<'docs'>;

beforeAll(async () => {
  const docs = JSON.parse(
    readFileSync(new URL('../public/locales/en-GB/docs.json', import.meta.url), 'utf8'),
  );
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en-GB',
    resources: { 'en-GB': { docs } },
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en-GB', 'docs');
});

describe('documentation load errors (product spec §8)', () => {
  it('names API errors, other errors and unknown failures', () => {
    expect(documentErrorMessage(new ApiError(404, 'Document not found'), t)).toBe(
      'API Error: Document not found',
    );
    expect(documentErrorMessage(new ApiError(0, 'Network error: No response received'), t)).toBe(
      'API Error: Network error: No response received',
    );
    expect(documentErrorMessage(new TypeError('Failed to fetch'), t)).toBe('Error: Failed to fetch');
    expect(documentErrorMessage('boom', t)).toBe('Unknown error occurred while fetching content');
    expect(documentErrorMessage(new Error(''), t)).toBe('Unknown error occurred while fetching content');
  });
});

describe('product host replacement (product spec §2.9)', () => {
  it('replaces the product URL and leaves e-mail addresses and look-alike hosts alone', () => {
    const text = [
      'curl https://slugsmith.example/api/v1/ping',
      'see <http://slugsmith.example>.',
      'write to support@slugsmith.example',
      'not ours: https://slugsmith.example.com/x and https://slugsmith.example-mirror.org',
    ].join('\n');
    expect(replaceProductHost(text, 'https://ids.acme.test/')).toBe(
      [
        'curl https://ids.acme.test/api/v1/ping',
        'see <https://ids.acme.test>.',
        'write to support@slugsmith.example',
        'not ours: https://slugsmith.example.com/x and https://slugsmith.example-mirror.org',
      ].join('\n'),
    );
  });

  it('inserts the host literally, even with $ in it', () => {
    expect(replaceProductHost('https://slugsmith.example/x', 'http://h/$&$1')).toBe('http://h/$&$1/x');
  });
});

describe('table of contents', () => {
  it('exists when the text has a heading of level 1 to 3', () => {
    expect(hasOutline('# Title\n\ntext')).toBe(true);
    expect(hasOutline('intro\n\n### Three')).toBe(true);
    expect(hasOutline('intro\n\n#### Four only')).toBe(false);
    expect(hasOutline('#{number:6X} is a pattern, not a heading')).toBe(false);
  });
});

describe('stored document languages', () => {
  it('reads regional variants as their base language and keeps the Serbian scripts apart', () => {
    expect(storedLanguageOf('de-DE')).toBe('de');
    expect(storedLanguageOf('en-US')).toBe('en');
    expect(storedLanguageOf('zh-CN')).toBe('zh');
    expect(storedLanguageOf('sr-Cyrl')).toBe('sr-Cyrl');
    expect(storedLanguageOf('sr-Latn')).toBe('sr-Latn');
    expect(storedLanguageOf('sr-latn-rs')).toBe('sr-Latn');
    expect(storedLanguageOf('sr')).toBe('sr-Cyrl');
    expect(storedLanguageOf('JA')).toBe('ja');
  });
});
