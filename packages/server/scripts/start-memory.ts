import { readFile } from 'node:fs/promises';

/**
 * A server process's resident memory while it starts, from /proc/<pid>/status: VmHWM, the kernel's
 * high-water mark of the running image. The server re-executes itself (process.execve, same pid)
 * and each image starts its own mark, so the watcher keeps each image's highest reading (an image
 * that ends within `everyMs` of its last reading may have grown that little more). A new image is
 * told by its command line (a re-execution with the Node defaults adds flags) or by a mark under
 * half the last one: a new image starts at a few MB, and the mark itself wavers by about 1 MB (the
 * kernel's resident-page counters are approximate), so a small fall is not a new image.
 *
 * Not getrusage's maxRSS: on Linux a child's starts from its parent's resident memory at the fork
 * (the forked copy's mark is carried over the execve), so a server started by a benchmark that had
 * just closed its own PGlite reported the benchmark's ~260–310 MB as its own start's peak.
 */
export interface StartMemory {
  /** The peak of each image seen, MB, in order (the last one serves). */
  imagesMb: number[];
  peakMb: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * VmHWM of `pid`, MB, and its command line (either may be absent in the middle of an execve);
 * undefined once the process is gone.
 */
async function reading(pid: number): Promise<{ mb?: number; command: string } | undefined> {
  const [status, command] = await Promise.all(
    ['status', 'cmdline'].map((file) => readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => undefined)),
  );
  if (status === undefined || command === undefined) return undefined;
  const kb = /VmHWM:\s+(\d+)/.exec(status)?.[1];
  return { mb: kb === undefined ? undefined : Math.round(Number(kb) / 1024), command };
}

/** Starts reading `pid`'s memory every `everyMs`; `stop()` ends and answers what was seen. */
export function watchStartMemory(pid: number, everyMs = 20): { stop(): Promise<StartMemory> } {
  const imagesMb: number[] = [];
  let last: { mb: number; command: string } | undefined;
  let watching = true;
  const read = async () => {
    const now = await reading(pid);
    if (!now) return false;
    // In the middle of an execve: no command line yet.
    if (now.mb === undefined || now.command === '') return true;
    const { mb, command } = now;
    if (!last || command !== last.command || mb < last.mb / 2) imagesMb.push(mb);
    else imagesMb[imagesMb.length - 1] = Math.max(imagesMb.at(-1) as number, mb);
    last = { mb, command };
    return true;
  };
  const done = (async () => {
    while (watching && (await read())) await sleep(everyMs);
  })();
  return {
    async stop() {
      watching = false;
      await done;
      await read();
      return { imagesMb, peakMb: Math.max(0, ...imagesMb) };
    },
  };
}
