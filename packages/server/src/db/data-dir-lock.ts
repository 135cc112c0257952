import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second server on the same directory would hang or corrupt it. A
 * lock file holding our pid keeps a second process out; one left by a crashed process (its pid is
 * gone) is taken over. Returns the release function.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'slugsmith.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
        throw new DataDirInUseError(
          `data directory ${dir} is in use by process ${pid}; stop it, or delete ${path} if that process is not Slugsmith`,
        );
      }
      if (pid === process.pid) {
        throw new DataDirInUseError(`data directory ${dir} is already open in this process`);
      }
      await rm(path, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock data directory ${dir}`);
}
