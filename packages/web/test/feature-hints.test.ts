import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  FeatureHintsProvider,
  loadFeatureHints,
  parseFeatureHints,
  useFeatureHint,
  useFeatureHints,
} from '../src/auth/feature-hints.js';
import { ApiError } from '../src/lib/api.js';

describe('feature hints (product spec §3, §8)', () => {
  it('keeps the text entries of the parsed YAML document as a keyed map', () => {
    expect(
      parseFeatureHints({
        slug: 'feature-hints',
        data: {
          max_series: ' How many series. ',
          mint_enabled: 'Mint hands out…',
          odd: 3,
          empty: ' ',
          list: ['x'],
        },
      }),
    ).toEqual({ max_series: 'How many series.', mint_enabled: 'Mint hands out…' });
  });

  it('gives no hints for a document without a map (YAML that did not parse, a list, nothing)', () => {
    for (const doc of [{ data: null }, { data: ['a', 'b'] }, { data: 'text' }, {}, null, undefined, 'x'])
      expect(parseFeatureHints(doc), JSON.stringify(doc)).toEqual({});
  });

  it('asks for the document by name in the given language', async () => {
    const asked: string[] = [];
    const hints = await loadFeatureHints('de-DE', async (name, lang) => {
      asked.push(`${name} ${lang}`);
      return { data: { max_series: 'Wie viele Serien.' } };
    });
    expect(asked).toEqual(['feature-hints de-DE']);
    expect(hints).toEqual({ max_series: 'Wie viele Serien.' });
  });

  it('is silent on a failed fetch and gives empty hints', async () => {
    for (const failure of [
      new ApiError(404, 'Resource not found'),
      new ApiError(0, 'Network error: No response received'),
      new TypeError('boom'),
    ]) {
      await expect(
        loadFeatureHints('en-GB', async () => {
          throw failure;
        }),
      ).resolves.toEqual({});
    }
  });

  it('provides the map through context to useFeatureHints and useFeatureHint', () => {
    function Probe() {
      const all = useFeatureHints();
      return createElement(
        'p',
        null,
        `${Object.keys(all).length}|${useFeatureHint('max_series') ?? '-'}|${useFeatureHint('toString') ?? '-'}`,
      );
    }
    const render = (value?: Record<string, string>) =>
      renderToStaticMarkup(
        createElement(
          QueryClientProvider,
          { client: new QueryClient() },
          // biome-ignore lint/correctness/noChildrenProp: the provider's props type requires children
          createElement(FeatureHintsProvider, { value, children: createElement(Probe) }),
        ),
      );
    expect(render({ max_series: 'How many series.', slice_enabled: 'Slice reads.' })).toBe(
      '<p>2|How many series.|-</p>',
    );
    // Outside a provider, and before the document arrives: no hints.
    expect(renderToStaticMarkup(createElement(Probe))).toBe('<p>0|-|-</p>');
    expect(render()).toBe('<p>0|-|-</p>');
  });
});
