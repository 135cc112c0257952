/**
 * A route's hooks of one kind (as a route option: one, several or none) with `hook` added last:
 * how an onRoute hook gives a route a hook of its own.
 */
export function withHook<T>(hooks: T | T[] | undefined, hook: T): T[] {
  if (hooks === undefined) return [hook];
  return Array.isArray(hooks) ? [...hooks, hook] : [hooks, hook];
}
