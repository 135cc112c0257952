import type { RouteObject } from 'react-router';

/**
 * Routes whose code fails to load (an old tab after a new version was deployed, a dropped
 * connection) render their error fallback instead of a blank page. React Router keeps a route
 * whose `lazy` rejected unresolved and then renders nothing below its hydrate-fallback ancestor;
 * here the failure resolves to a component that throws the load error when rendered, which the
 * route's own error element (product spec §2.6) or the general boundary catches.
 */
export function failSafeLazy(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const wrapped = { ...route } as RouteObject;
    if (typeof lazy === 'function')
      wrapped.lazy = async () => {
        try {
          return await lazy();
        } catch (error) {
          return {
            Component: () => {
              throw error;
            },
          };
        }
      };
    if (children) wrapped.children = failSafeLazy(children);
    return wrapped;
  });
}

/** How long a page waits for its texts before it renders anyway (and suspends until they come). */
export const TEXTS_WAIT_MS = 2_000;

/** What a route may say about itself: the translation namespaces its page reads. */
export interface RouteTexts {
  namespaces?: string[];
}

/**
 * Routes whose `handle.namespaces` name their page's translation namespaces load those together
 * with the page's code: the page renders with its texts at once, instead of rendering, suspending
 * on them and asking only then (one more round trip before its first paint, and on a first load a
 * frame of the bare layout). A bundle that is slow (its loader retries a failing one for seconds)
 * is waited for at most `waitMs`.
 */
export function withNamespaces(
  routes: RouteObject[],
  loadNamespaces: (namespaces: string[]) => Promise<unknown>,
  waitMs = TEXTS_WAIT_MS,
): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const namespaces = (route.handle as RouteTexts | undefined)?.namespaces;
    const wrapped = { ...route } as RouteObject;
    if (typeof lazy === 'function' && namespaces?.length)
      wrapped.lazy = async () => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const texts = Promise.race([
          loadNamespaces(namespaces).catch(() => undefined),
          new Promise((resolve) => {
            timer = setTimeout(resolve, waitMs);
          }),
        ]).finally(() => clearTimeout(timer));
        const [loaded] = await Promise.all([lazy(), texts]);
        return loaded;
      };
    if (children) wrapped.children = withNamespaces(children, loadNamespaces, waitMs);
    return wrapped;
  });
}
