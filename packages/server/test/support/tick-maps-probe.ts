/**
 * Run by tick-maps.test.ts in a node of its own (`--allow-natives-syntax --expose-gc`): makes
 * tick objects, lets them all die, runs a full collection, makes one more and reports whether it
 * has the pinned object's hidden class.
 */
import { pinnedTickObject } from '../../src/platform/tick-maps.js';
import { realTickObject } from './tick-objects.js';

const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const idle = () => new Promise((resolve) => setImmediate(resolve));
for (let i = 0; i < 100; i++) process.nextTick(() => {});
await idle();
gc();
gc();

const tick = realTickObject();
if (!pinnedTickObject) throw new Error('nothing pinned');
console.log(JSON.stringify({ sameMap: haveSameMap(pinnedTickObject, tick) }));
