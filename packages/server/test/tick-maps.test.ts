import { createHook } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { pinnedTickObject } from '../src/platform/tick-maps.js';

/** A tick object of Node's own, seen through an async hook (the only way to reach one). */
function realTickObject(): object {
  let tick: object | undefined;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') tick = resource as object;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  if (!tick) throw new Error('no tick object seen');
  return tick;
}

it("is built like Node's tick objects: the same keys, in the same order, with values of the same kinds", () => {
  const real = realTickObject() as Record<PropertyKey, unknown>;
  const pinned = pinnedTickObject as Record<PropertyKey, unknown> | undefined;
  expect(pinned).toBeDefined();
  expect(Reflect.ownKeys(pinned as object)).toEqual(Reflect.ownKeys(real));
  for (const key of Reflect.ownKeys(real)) expect(typeof pinned?.[key]).toBe(typeof real[key]);
});

it('keeps the hidden class of tick objects through a full collection while none is alive', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', 'test/support/tick-maps-probe.ts'],
    { cwd: new URL('..', import.meta.url) },
  );
  expect(JSON.parse(stdout)).toEqual({ sameMap: true });
});
