/** An idle period the browser never reports (a busy page) still lets the next job run. */
const IDLE_TIMEOUT_MS = 2_000;

type Job = () => void;
const waiting: Job[] = [];
let draining = false;

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(run, 200);

function drain() {
  if (draining) return;
  draining = true;
  const next = () =>
    whenIdle(() => {
      waiting.shift()?.();
      if (waiting.length > 0) next();
      else draining = false;
    });
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}

/**
 * Runs `job` once the page has loaded and the browser is idle, one waiting job per idle period
 * (each in a task of its own): work the first screen does not need comes after it. Returns a
 * function that takes the job back if it has not run yet.
 */
export function whenIdleAfterLoad(job: Job): () => void {
  waiting.push(job);
  drain();
  return () => {
    const at = waiting.indexOf(job);
    if (at >= 0) waiting.splice(at, 1);
  };
}
