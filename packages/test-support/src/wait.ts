/**
 * Waits until `condition` holds, checking it every `everyMs` at most `tries` times, for the rare
 * state change that emits no event. The bound is a count of checks, so a slow machine fails with a
 * message instead of hanging; it is not a timing assertion (prefer an event where one exists).
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { tries = 4_000, everyMs = 5 }: { tries?: number; everyMs?: number } = {},
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${what}: still not so after ${tries} checks`);
}

/** A promise and the function that resolves it, for a test to wait on something that happens. */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
