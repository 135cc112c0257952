import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FeatureHintsProvider } from '../src/auth/feature-hints.js';
import { FeatureName } from '../src/components/feature-hint.js';

const render = (hints: Record<string, string>, key: string) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(
        MantineProvider,
        null,
        createElement(FeatureHintsProvider, {
          value: hints,
          // biome-ignore lint/correctness/noChildrenProp: the provider's props type requires children
          children: createElement(FeatureName, { featureKey: key, name: 'Max series' }),
        }),
      ),
    ),
  );

describe('feature hint button (products, plan detail, admin plans, limits tables)', () => {
  it('puts an info button after the name when the document explains the key', () => {
    const html = render({ max_series: 'How many series an organisation can keep.' }, 'max_series');
    expect(html).toContain('Max series');
    expect(html).toMatch(/<button[^>]*data-testid="hint-max_series"/);
    // A real button: reachable by keyboard, named for screen readers.
    expect(html).toMatch(/<button[^>]*aria-label="[^"]+"/);
  });

  it('shows the name alone when there is no hint for the key', () => {
    const html = render({ max_series: 'How many series.' }, 'sdk_access');
    expect(html).toContain('Max series');
    expect(html).not.toContain('data-testid="hint-');
    expect(html).not.toContain('<button');
  });
});
