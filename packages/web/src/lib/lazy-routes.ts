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
