import { describe, expect, it } from 'vitest';
import { preselectedSeries } from '../src/routes/playground/series-tab.js';
import { MAX_MINT_COUNT, mintCountError } from '../src/routes/series/mint-panel.js';

describe('playground mint count (product spec §5)', () => {
  it('asks for a positive whole number up to the limit', () => {
    for (const ok of [1, 3, '7', MAX_MINT_COUNT]) expect(mintCountError(ok), String(ok)).toBeNull();
    for (const bad of ['', 0, -1, 1.5, '2.5', 'abc'])
      expect(mintCountError(bad), String(bad)).toBe('countPositive');
    expect(mintCountError(MAX_MINT_COUNT + 1)).toBe('countTooLarge');
  });
});

describe('the series the Mint and Slice tabs start on (issue 25, item 10)', () => {
  const orders = { slug: 'orders' };
  const invoices = { slug: 'invoices' };
  it('preselects an organisation’s only series and keeps the user’s choice', () => {
    expect(preselectedSeries([orders], null)).toBe(orders);
    expect(preselectedSeries([orders, invoices], null)).toBeUndefined();
    expect(preselectedSeries([orders, invoices], 'invoices')).toBe(invoices);
    expect(preselectedSeries([], null)).toBeUndefined();
    expect(preselectedSeries(undefined, null)).toBeUndefined();
  });
});
