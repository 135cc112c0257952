import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Longest stretch of stepwise work between two turns of the event loop. A turn also parses the
 * requests that arrived meanwhile, so a cheap request (a ping, a cached pattern) waits about this
 * long however many costly ones run.
 */
export const SLICE_MS = 5;

interface Task {
  steps: Iterator<unknown, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Work in progress, taken in turn one step at a time: a short task is not held behind long ones. */
const tasks: Task[] = [];
let running = false;

/**
 * Runs `steps` to their end between the other work of this process: the steps of all tasks share
 * one queue, and after SLICE_MS of steps the queue waits for the next turn of the event loop. A
 * step must itself be short (a few milliseconds): it is never cut.
 */
export function inTurns<T>(steps: Iterator<unknown, T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    tasks.push({ steps, resolve: resolve as (value: unknown) => void, reject });
    if (!running) void run();
  });
}

async function run(): Promise<void> {
  running = true;
  try {
    while (tasks.length > 0) {
      await nextTurn();
      const until = performance.now() + SLICE_MS;
      while (tasks.length > 0 && performance.now() < until) {
        const task = tasks.shift() as Task;
        try {
          const step = task.steps.next();
          if (step.done) task.resolve(step.value);
          else tasks.push(task);
        } catch (error) {
          task.reject(error);
        }
      }
    }
  } finally {
    running = false;
  }
}
