import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentHolder, lockDataDir, processStartTime } from '../src/db/data-dir-lock.js';

/**
 * A lock left by a process killed with SIGKILL names a pid that may be running again: in a
 * container the next server is PID 1 too, and on a host another program may have the pid.
 */
describe.runIf(process.platform === 'linux')('data directory lock after a SIGKILL', () => {
  let dir: string;
  const lockFile = () => join(dir, 'slugsmith.lock');
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slugsmith-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is taken over when it names our own pid with another start time (PID 1 in a container)', async () => {
    const self = await currentHolder();
    await writeFile(lockFile(), JSON.stringify({ ...self, start: '1' }));
    const release = await lockDataDir(dir);
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toEqual(self);
    await release();
  });

  it('is taken over when an older version wrote our own pid alone', async () => {
    await writeFile(lockFile(), String(process.pid));
    const release = await lockDataDir(dir);
    await release();
  });

  it('is taken over when it names a live unrelated process that started at another time', async () => {
    const self = await currentHolder();
    const start = await processStartTime(process.ppid);
    expect(start).toMatch(/^\d+$/);
    await writeFile(lockFile(), JSON.stringify({ ...self, pid: process.ppid, start: `${start}0` }));
    const release = await lockDataDir(dir);
    await release();
  });

  it('is taken over when it was written before the last boot', async () => {
    const start = await processStartTime(process.ppid);
    await writeFile(lockFile(), JSON.stringify({ pid: process.ppid, start, boot: 'another-boot' }));
    const release = await lockDataDir(dir);
    await release();
  });

  it('keeps out a second opener while its process runs', async () => {
    const self = await currentHolder();
    const start = await processStartTime(process.ppid);
    await writeFile(lockFile(), JSON.stringify({ ...self, pid: process.ppid, start }));
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.ppid}`);

    await rm(lockFile());
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow('already open in this process');
    await release();
  });
});
