/**
 * Keeps the hidden classes of Node's `process.nextTick` tick objects alive for the life of the
 * process. Imported first by the app, before anything that could run a full garbage collection.
 *
 * Why: `nextTick` builds each tick object with a literal whose first keys are computed (the
 * async-id symbols). V8 reaches the literal's final hidden class through transitions that only
 * weak references hold, and records in `nextTick`'s feedback the one class each key is added
 * to. When a full collection runs while no tick object is alive (it happened at start-up in
 * about half of our server processes), the chain is collected and rebuilt; the feedback then
 * sees a second class, turns megamorphic for good, and every later `nextTick` adds three of its
 * four properties through the runtime: ~400 instead of ~75 ns per call (node 20, measured),
 * ~2 µs per HTTP request — 10 % of a forge call. One object built by an identical literal (same
 * keys in the same order, values of the same kinds) holds the same chain, so it is never
 * collected. See the server README, "Node's tick objects".
 */
import { AsyncResource } from 'node:async_hooks';

/**
 * Built as `nextTick` builds its tick objects (Node 20, lib/internal/process/task_queues.js): the
 * async-id symbols and ids are an async resource's, which carries both, made the same way.
 */
function tickObjectLike(): object | undefined {
  const resource = new AsyncResource('slugsmith-tick-maps');
  resource.emitDestroy();
  const keys = Object.getOwnPropertySymbols(resource);
  const asyncIdKey = keys.find((key) => key.description === 'async_id_symbol');
  const triggerIdKey = keys.find((key) => key.description === 'trigger_async_id_symbol');
  if (!asyncIdKey || !triggerIdKey) return undefined;
  return {
    [asyncIdKey]: resource.asyncId(),
    [triggerIdKey]: resource.triggerAsyncId(),
    callback: () => {},
    args: undefined,
  };
}

/** Held for the life of the process (exported so that a test can compare it with a real one). */
export const pinnedTickObject = tickObjectLike();
