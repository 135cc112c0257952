/**
 * The built server (`packages/server/dist/main.js`, PGlite in memory) serving a built console, as
 * the benchmarks measure it. Build first: `npm run build`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@slugsmith/test-support';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

export interface BuiltServer {
  url: string;
  child: ChildProcess;
}

export async function startBuiltServer(webDist: string): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: 'memory://',
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/ping`)).ok) return { url, child };
    } catch {}
    if (tries > 600) throw new Error('server did not answer /api/v1/ping within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopBuiltServer(server: BuiltServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
