import { createHook } from 'node:async_hooks';

/** A tick object of Node's own, made now and seen through an async hook (the only way to reach one). */
export function realTickObject(): object {
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
