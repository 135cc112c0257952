// Loaded into a benchmarked server with `--import`: writes the process's memory figures
// (process.memoryUsage(), bytes) as JSON to MEMORY_PROBE_FILE every MEMORY_PROBE_MS, so that a
// benchmark can read heap, external and arrayBuffers, which /proc does not show. Peaks come from
// /proc (scripts/start-memory.ts), not getrusage's maxRSS, which starts from the parent's RSS.
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  write();
  setInterval(write, Number(process.env.MEMORY_PROBE_MS ?? 500)).unref();
}
