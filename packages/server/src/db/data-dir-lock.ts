import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * Who holds a lock: a pid alone is not enough, because pids are reused — after a SIGKILL in a
 * container the next server is PID 1 again, and on a busy host an unrelated process may get the
 * old pid. On Linux the process's start time (clock ticks since boot, /proc/<pid>/stat field 22)
 * and the boot id tell a process from a later one with the same pid; elsewhere they are absent
 * and only the pid is compared.
 */
export interface LockHolder {
  pid: number;
  start?: string;
  boot?: string;
}

async function bootId(): Promise<string | undefined> {
  const text = await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => undefined);
  return text?.trim() || undefined;
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
export async function processStartTime(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // afterName[0] is field 3 (state).
  return afterName[22 - 3];
}

/** The holder record this process writes. */
export async function currentHolder(): Promise<LockHolder> {
  return { pid: process.pid, start: await processStartTime(process.pid), boot: await bootId() };
}

/** A lock file's holder: JSON, or a bare pid as older versions wrote it. */
function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | number;
    if (typeof value === 'number') return Number.isInteger(value) ? { pid: value } : undefined;
    if (!Number.isInteger(value?.pid)) return undefined;
    return {
      pid: value.pid as number,
      start: typeof value.start === 'string' ? value.start : undefined,
      boot: typeof value.boot === 'string' ? value.boot : undefined,
    };
  } catch {
    return undefined;
  }
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote `holder` is still running. */
async function holderRunning(holder: LockHolder, self: LockHolder): Promise<boolean> {
  if (holder.boot && self.boot && holder.boot !== self.boot) return false;
  if (holder.pid === self.pid) {
    // This process writes its start time wherever /proc has one: a record of our pid without
    // it, or with another, was left by an earlier process that had the same pid.
    return self.start === undefined || holder.start === self.start;
  }
  if (!signalable(holder.pid)) return false;
  if (holder.start === undefined) return true;
  const start = await processStartTime(holder.pid);
  return start === undefined || start === holder.start;
}

/**
 * PGlite is single-process: a second server on the same directory would hang or corrupt it. A
 * lock file naming this process keeps a second process out; one left by a process that is gone
 * (see LockHolder) is taken over. Returns the release function.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'slugsmith.lock');
  const self = await currentHolder();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(JSON.stringify(self));
      await file.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseHolder(await readFile(path, 'utf8').catch(() => ''));
      if (holder && (await holderRunning(holder, self))) {
        throw new DataDirInUseError(
          holder.pid === self.pid
            ? `data directory ${dir} is already open in this process`
            : `data directory ${dir} is in use by process ${holder.pid}; stop it, or delete ${path} if that process is not Slugsmith`,
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock data directory ${dir}`);
}
