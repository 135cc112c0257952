import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * zxcvbn's guess estimate, computed in one worker thread. Its cost grows steeply with length and
 * repetition (a 100-character hostile password took ~0.7 s), and sign-up and the strength route
 * reach it anonymously: on the main thread it would stall every other request. Here the event
 * loop only posts a message; the inputs are bounded so the worker's own work stays small too.
 */

/** Characters of the password estimated: beyond this the prefix's estimate stands for the whole. */
export const ESTIMATED_LENGTH = 32;
/** Characters of each user input (the e-mail address and its local part) zxcvbn matches against. */
export const USER_INPUT_LENGTH = 64;
/** l33t substitutions tried per match (zxcvbn's default 100 multiplies the work). */
const L33T_SUBSTITUTIONS = 3;

const resolve = createRequire(import.meta.url).resolve;

/** The worker's code: CommonJS, so it runs the same from the sources (tests) and from dist. */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const { adjacencyGraphs, dictionary } = require(workerData.common);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...dictionary },
  graphs: adjacencyGraphs,
  l33tMaxSubstitutions: workerData.l33t,
});
parentPort.on('message', ({ id, password, inputs }) => {
  let score = 0;
  try { score = zxcvbn.check(password, inputs).score; } catch {}
  parentPort.postMessage({ id, score });
});`;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (score: number) => void; reject: (err: Error) => void }>();

function start(): Worker {
  const started = new Worker(workerSource, {
    eval: true,
    workerData: {
      core: resolve('@zxcvbn-ts/core'),
      common: resolve('@zxcvbn-ts/language-common'),
      l33t: L33T_SUBSTITUTIONS,
    },
  });
  // The worker never keeps the process alive by itself.
  started.unref();
  started.on('message', ({ id, score }: { id: number; score: number }) => {
    pending.get(id)?.resolve(score);
    pending.delete(id);
  });
  const fail = (err: Error) => {
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
    if (worker === started) worker = undefined;
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`password estimator stopped (${code})`)));
  return started;
}

/** zxcvbn's score (0–4) of the bounded password against the bounded user inputs. */
export function estimateScore(password: string, userInputs: string[]): Promise<number> {
  worker ??= start();
  const id = nextId++;
  const bounded = {
    id,
    password: [...password].slice(0, ESTIMATED_LENGTH).join(''),
    inputs: userInputs.filter(Boolean).map((input) => input.slice(0, USER_INPUT_LENGTH)),
  };
  return new Promise<number>((resolveScore, reject) => {
    pending.set(id, { resolve: resolveScore, reject });
    (worker as Worker).postMessage(bounded);
  });
}
