import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';

/**
 * HAProxy (Debian's package) as in the production topology of the self-hosting document: HTTP
 * round robin over the nodes with health checks (a killed node leaves the rotation within a
 * second, its cut requests are retried on another).
 */
export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

function config(listenPort: number, nodePorts: number[]): string {
  return [
    'global',
    '  maxconn 8192',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch',
    'frontend api',
    `  bind 127.0.0.1:${listenPort}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    '  http-reuse always',
    '  option httpchk GET /api/v1/ping',
    // A node busy under the benchmark's load answers its check late, not never: only a node that
    // misses two checks of 2 s leaves the rotation (a killed one refuses at once and leaves faster).
    '  timeout check 2s',
    ...nodePorts.map((port, i) => `  server node${i + 1} 127.0.0.1:${port} check inter 500 fall 2 rise 1`),
    '',
  ].join('\n');
}

/** Starts HAProxy on 127.0.0.1:`listenPort`; resolves once every node answered through it. */
export async function startBalancer(
  file: string,
  listenPort: number,
  nodePorts: number[],
): Promise<Balancer> {
  await writeFile(file, config(listenPort, nodePorts));
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Its log (nodes going down and up) is kept for an error, not printed between the results.
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log = (log + String(chunk)).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  // Round robin: twice as many answers in a row as nodes means every node is in the rotation.
  const deadline = Date.now() + 30_000;
  let inARow = 0;
  while (inARow < nodePorts.length * 2) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}: ${log}`);
    if (Date.now() > deadline) throw new Error('haproxy: the nodes did not answer through it within 30 s');
    const ok = await fetch(`${url}/api/v1/ping`).then(
      (r) => r.ok,
      () => false,
    );
    inARow = ok ? inARow + 1 : 0;
    if (!ok) await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Why the benchmark cannot run here, or undefined when it can. */
export function balancerMissing(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin'];
  return dirs.some((dir) => dir && existsSync(`${dir}/haproxy`))
    ? undefined
    : 'haproxy is missing (apt-get install haproxy)';
}
