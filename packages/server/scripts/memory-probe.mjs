// Loaded into a benchmarked server with `--import`: writes the process's memory figures
// (process.memoryUsage(), bytes) as JSON to MEMORY_PROBE_FILE every MEMORY_PROBE_MS, so that a
// benchmark can read heap, external and arrayBuffers, which /proc does not show; and the process's
// peak RSS over its whole life (maxRss: getrusage's, which Linux carries across execve — /proc's
// VmHWM starts again with each image of a server that re-executes itself).
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () =>
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        ...process.memoryUsage(),
        maxRss: process.resourceUsage().maxRSS * 1024,
      }),
    );
  write();
  setInterval(write, Number(process.env.MEMORY_PROBE_MS ?? 500)).unref();
}
