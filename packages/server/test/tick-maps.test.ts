import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { pinnedTickObject } from '../src/platform/tick-maps.js';
import { realTickObject } from './support/tick-objects.js';

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
