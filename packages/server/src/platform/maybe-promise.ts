/**
 * A value that is already there or still on its way. The hot path of a generation call (cached
 * key, cached plan, memory counters) answers at once: no promise, no event-loop turn.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Runs `next` on a value that may still be on its way: at once when it is already there. (Not
 * named `then`: a module exporting `then` is taken for a promise by `await import()`.)
 */
export function chain<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
