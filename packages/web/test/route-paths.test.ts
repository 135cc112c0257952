import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routePaths } from '../src/route-paths.js';

// The shell's modules read the browser's location and storage when loaded; the table needs
// nothing else of a browser.
const storage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};
vi.stubGlobal('localStorage', storage());
vi.stubGlobal('window', { location: new URL('http://localhost/'), localStorage, sessionStorage: storage() });
const { routes } = await import('../src/route-table.js');

/** Every `path` in the router's tree, with the catch-all and the not-found page left out. */
function pathsOf(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path && route.path !== '*' && route.path !== '/404' ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe('the route table the server reads', () => {
  it('holds exactly the paths the router serves (the server answers 404 for any other)', () => {
    const table = [...routePaths.indexed, ...routePaths.other];
    expect(new Set(table).size).toBe(table.length);
    expect([...table].sort()).toEqual(pathsOf(routes).sort());
  });
});
