import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failSafeLazy } from '../src/lib/lazy-routes.js';

type LazyFn = () => Promise<Partial<RouteObject>>;

describe('lazy routes that fail to load (product spec §2.6)', () => {
  it('passes a loaded route through unchanged', async () => {
    const Page = () => createElement('p', null, 'page');
    const [route] = failSafeLazy([{ path: '/a', lazy: async () => ({ Component: Page }) }]);
    expect(await (route.lazy as LazyFn)()).toEqual({ Component: Page });
  });

  it('turns a failed load into a component that throws the load error when rendered', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const [route] = failSafeLazy([
      {
        path: '/sudoku',
        lazy: async () => {
          throw failure;
        },
      },
    ]);
    const loaded = await (route.lazy as LazyFn)();
    const Component = loaded.Component as () => unknown;
    expect(() => Component()).toThrow(failure);
  });

  it('wraps the routes at every depth and keeps their other properties', async () => {
    const errorElement = createElement('p', null, 'fallback');
    const [root] = failSafeLazy([
      {
        path: '/',
        children: [
          {
            path: 'x',
            errorElement,
            lazy: async () => {
              throw new Error('offline');
            },
          },
        ],
      },
    ]);
    const [child] = root.children ?? [];
    expect(child.path).toBe('x');
    expect(child.errorElement).toBe(errorElement);
    expect(typeof (await (child.lazy as LazyFn)()).Component).toBe('function');
  });
});
