import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@slugsmith/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingDefaultFlags, nodeDefaultFlags } from '../src/node-defaults.js';

/** Issue 36 item 6: the server applies its own Node defaults, however it is started. */

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULTS = [
  '--max-semi-space-size=8',
  '--max-old-space-size=192',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
];

describe('the server’s Node defaults', () => {
  it('are the four flags, the old space sized by HEAP_LIMIT_MB', () => {
    expect(nodeDefaultFlags({})).toEqual(DEFAULTS);
    expect(nodeDefaultFlags({ HEAP_LIMIT_MB: '320' })).toContain('--max-old-space-size=320');
  });

  it('leave every flag the operator gave, on the command line or in NODE_OPTIONS, in any spelling', () => {
    expect(missingDefaultFlags([], {})).toEqual(DEFAULTS);
    expect(missingDefaultFlags(DEFAULTS, {})).toEqual([]);
    expect(missingDefaultFlags(['--max-old-space-size=512', '--wasm-tier-up'], {})).toEqual([
      '--max-semi-space-size=8',
      '--no-wasm-dynamic-tiering',
    ]);
    expect(
      missingDefaultFlags(['--import', 'tsx'], {
        NODE_OPTIONS: '--max_semi_space_size=16 --no-wasm-dynamic-tiering',
      }),
    ).toEqual(['--max-old-space-size=192', '--no-wasm-tier-up']);
  });
});

// The build runs initdb once, for the data directory template: a minute on a loaded machine.
describe('started as `node bin/slugsmith-server.js` or `node dist/main.js` (compiled)', {
  timeout: 300_000,
}, () => {
  let dir: string;
  const children = new Set<ChildProcess>();
  beforeAll(async () => {
    // As `npm run build` does: the compiled server and its data directory template.
    await promisify(execFile)('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: packageDir });
    await promisify(execFile)(process.execPath, ['scripts/build-data-template.mjs'], { cwd: packageDir });
    dir = await mkdtemp(join(tmpdir(), 'slugsmith-defaults-'));
  }, 300_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Starts node with `nodeArgs`, waits for /healthz, reads the command line of the spawned pid, stops it. */
  async function commandLineOf(nodeArgs: string[]): Promise<{ cmdline: string[]; stdout: () => string }> {
    const port = await freePort();
    const child = spawn(process.execPath, nodeArgs, {
      cwd: packageDir,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATA_DIR: join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    children.add(child);
    const exited = once(child, 'exit');
    try {
      for (;;) {
        const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (answered) break;
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // The process answering is the one spawned (re-executed in place: a process manager's
      // signals reach it), now with the defaults.
      const cmdline = (await readFile(`/proc/${child.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      return { cmdline, stdout: () => stdout };
    } finally {
      child.kill('SIGTERM');
      const [code] = await exited;
      children.delete(child);
      expect(code).toBe(0);
    }
  }

  it('the bin runs the server with the four defaults in the same process, on a new data directory after preparing it', async () => {
    const { cmdline, stdout } = await commandLineOf(['bin/slugsmith-server.js']);
    // Unpacked from the template, migrated and given its admin by a first image, then served by
    // a new one: the admin's password shown once.
    expect(stdout().match(/Slugsmith admin account, created now/g)).toHaveLength(1);
    expect(cmdline.slice(1, 5)).toEqual(DEFAULTS);
    expect(cmdline.at(-1)).toBe(join(packageDir, 'bin/slugsmith-server.js'));
  });

  it('dist/main.js keeps a heap size the operator chose and adds the other three', async () => {
    const { cmdline } = await commandLineOf(['--max-old-space-size=256', 'dist/main.js']);
    expect(cmdline.slice(1)).toEqual([
      '--max-semi-space-size=8',
      '--no-wasm-tier-up',
      '--no-wasm-dynamic-tiering',
      '--max-old-space-size=256',
      join(packageDir, 'dist/main.js'),
    ]);
  });
});
