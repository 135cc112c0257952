import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failSafeLazy, withNamespaces } from '../src/lib/lazy-routes.js';

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

describe("a page's translation namespaces load with its code", () => {
  const Page = () => createElement('p', null, 'page');
  /** A namespace loader that records what it was asked and resolves when told. */
  function loader() {
    const asked: string[][] = [];
    let finish: () => void = () => {};
    const load = (namespaces: string[]) => {
      asked.push(namespaces);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    return { asked, load, finish: () => finish() };
  }

  it('asks for the namespaces with the code and resolves the route only once they are loaded', async () => {
    const texts = loader();
    const [root] = withNamespaces(
      [
        {
          path: '/',
          children: [
            { path: 'x', handle: { namespaces: ['landing'] }, lazy: async () => ({ Component: Page }) },
          ],
        },
      ],
      texts.load,
      60_000,
    );
    const child = root.children?.[0] as RouteObject;
    let resolved = false;
    const route = (child.lazy as LazyFn)().then((loaded) => {
      resolved = true;
      return loaded;
    });
    expect(texts.asked).toEqual([['landing']]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    texts.finish();
    expect(await route).toEqual({ Component: Page });
  });

  it('renders the page without its texts after the wait, and leaves routes without namespaces alone', async () => {
    const texts = loader();
    const lazy = async () => ({ Component: Page });
    const [slow, plain] = withNamespaces(
      [
        { path: '/a', handle: { namespaces: ['docs'] }, lazy },
        { path: '/b', lazy },
      ],
      texts.load,
      10,
    );
    expect(await (slow.lazy as LazyFn)()).toEqual({ Component: Page });
    expect(plain.lazy).toBe(lazy);
    expect(texts.asked).toEqual([['docs']]);
  });

  it('passes a failed code load on (for the fail-safe wrapper to catch)', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const [route] = withNamespaces(
      [
        {
          path: '/a',
          handle: { namespaces: ['docs'] },
          lazy: async () => {
            throw failure;
          },
        },
      ],
      async () => undefined,
    );
    await expect((route.lazy as LazyFn)()).rejects.toBe(failure);
  });
});
