import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLES_DIR = fileURLToPath(new URL('../bundles/', import.meta.url));
export const BUILD_SCRIPT = fileURLToPath(new URL('../scripts/build-data.js', import.meta.url));

const run = promisify(execFile);

/** Runs the real build command into `outDir`. */
export async function runBuild(outDir: string): Promise<string> {
  const { stdout } = await run(process.execPath, [BUILD_SCRIPT, '--out', outDir], { cwd: PACKAGE_DIR });
  return stdout;
}

export const WORD_KINDS = ['adjective', 'adverb', 'noun', 'verb'] as const;
