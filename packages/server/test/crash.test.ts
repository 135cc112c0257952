import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@slugsmith/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { TestContext, testConfig } from './support/app.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

async function waitForPing(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/v1/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not answer');
}

/**
 * The built server (dist/main.js) on a PGlite directory is killed with SIGKILL while writes are in
 * flight; every write it had acknowledged must be there when the directory is opened again.
 */
describe('the built server process on a PGlite directory', () => {
  let dir: string;

  beforeAll(async () => {
    // The child runs the compiled server: build the packages it imports and the server first.
    const run = promisify(execFile);
    await run('npx', ['tsc', '-p', '../contract/tsconfig.build.json'], { cwd: packageDir });
    await run('npx', ['tsc', '-p', '../generator/tsconfig.build.json'], { cwd: packageDir });
    await run('npx', ['tsc', '-p', '../dictionaries/tsconfig.build.json'], { cwd: packageDir });
    await run('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: packageDir });
    dir = await mkdtemp(join(tmpdir(), 'slugsmith-crash-'));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loses nothing that was acknowledged', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const config = testConfig('pglite', { DATA_DIR: dir, PUBLIC_URL: base, PORT: String(port) });

    // Prepare an account in the directory, in process, to get a token the child will accept.
    const setup = new TestContext(await buildApp(config), config);
    const person = await setup.person('crash');
    await setup.app.server.close();

    const child = spawn(process.execPath, [join(packageDir, 'dist/main.js')], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const acknowledged: string[] = [];
    try {
      await waitForPing(base, child);
      const post = async (i: number) => {
        const r = await fetch(`${base}/api/v1/orgs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Crash ${i}`, slug: `crash-${i}` }),
        }).catch(() => undefined);
        if (r?.status === 201) {
          acknowledged.push(`crash-${i}`);
          // Kill at the first acknowledged write of the second batch: the rest are mid-request.
          if (i >= 100) child.kill('SIGKILL');
        }
      };
      // A first batch completes; a second is in flight when the process is killed.
      await Promise.all(Array.from({ length: 20 }, (_, i) => post(i)));
      await Promise.all(Array.from({ length: 40 }, (_, i) => post(100 + i)));
      expect(acknowledged.length).toBeGreaterThan(20);
      expect(acknowledged.length).toBeLessThan(60);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await new Promise((r) =>
        child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r),
      );
    }

    const after = new TestContext(await buildApp(config), config);
    try {
      const orgs = await after.request('GET', '/api/v1/orgs', { token: person.token });
      expect(orgs.status).toBe(200);
      const slugs = new Set(orgs.body.map((o: { slug: string }) => o.slug));
      // Each acknowledged organisation survived; unacknowledged ones may or may not exist.
      const lost = acknowledged.filter((slug) => !slugs.has(slug));
      expect(lost).toEqual([]);
    } finally {
      await after.app.server.close();
    }
  });

  it('shows a first start the generated admin password in a banner, not in its log; stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [join(packageDir, 'dist/main.js')], {
      env: {
        ...process.env,
        // A new directory: this start creates the admin account.
        DATA_DIR: join(dir, 'first-start'),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await waitForPing(base, child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('"signal":"SIGTERM"');
    expect(output).toContain('"msg":"stopping"');

    const password = /^ {4}password {4}(\S+)$/m.exec(output)?.[1];
    expect(output).toContain('Slugsmith admin account, created now');
    expect(password).toMatch(/^[\w-]{16}$/);
    const logged = output.split('\n').filter((line) => line.startsWith('{'));
    expect(logged.join('\n')).not.toContain(password);
    // At info a start says where it listens, not what it migrated and seeded.
    const messages = logged.map((line) => JSON.parse(line).msg);
    expect(messages).toContain(`Slugsmith is running: ${base} (API docs: ${base}/api/docs)`);
    expect(messages).not.toContain('database migrated');
    expect(messages).not.toContain('documents seeded');
  });

  it('shows the generated admin password even when the port is taken and the start fails', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const child = spawn(process.execPath, [join(packageDir, 'dist/main.js')], {
        env: {
          ...process.env,
          DATA_DIR: join(dir, 'port-taken'),
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      let errors = '';
      child.stderr?.on('data', (chunk) => {
        errors += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(errors).toContain('EADDRINUSE');
      // The account was created before listening failed: the next start will not show it again.
      expect(/^ {4}password {4}[\w-]{16}$/m.test(output), output).toBe(true);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
