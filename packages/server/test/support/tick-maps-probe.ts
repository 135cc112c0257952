/**
 * Run by tick-maps.test.ts in a node of its own (`--allow-natives-syntax --expose-gc`): makes
 * tick objects, lets them all die, runs a full collection, makes one more and reports whether it
 * has the pinned object's hidden class.
 */
import { createHook } from 'node:async_hooks';
import { pinnedTickObject } from '../../src/platform/tick-maps.js';

const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const idle = () => new Promise((resolve) => setImmediate(resolve));
for (let i = 0; i < 100; i++) process.nextTick(() => {});
await idle();
gc();
gc();

let tick: object | undefined;
const hook = createHook({
  init(_id, type, _trigger, resource) {
    if (type === 'TickObject') tick = resource as object;
  },
}).enable();
process.nextTick(() => {});
hook.disable();

if (!pinnedTickObject || !tick) throw new Error('no tick object to compare');
console.log(JSON.stringify({ sameMap: haveSameMap(pinnedTickObject, tick) }));
