import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashSecret } from '../src/auth/keys.js';
import { nodeDefaultFlags } from '../src/node-defaults.js';

/** Helpers shared by the reliability and benchmark scripts: server processes on PostgreSQL. */

export { freePort } from '@slugsmith/test-support';

export const databaseUrl =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const packageDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Node arguments of the server as `npm start` runs it: its Node defaults (src/node-defaults.ts,
 * which dist/main.js would otherwise re-execute itself with), then `script` (default dist/main.js).
 */
export function asStarted(...script: string[]): string[] {
  return [...nodeDefaultFlags(), ...(script.length > 0 ? script : ['dist/main.js'])];
}

/** `dir[:switch,switch]` (a build and variant-server.mjs's switches) → its arguments. */
export function variantArgs(spec: string): string[] {
  const [build, switches = ''] = spec.split(':');
  return [`--build=${build}`, ...switches.split(',').filter(Boolean)];
}

/**
 * Starts a server process (`node` with `args`; by default `src/main.ts` through tsx, workspace
 * packages from source) on a port;
 * resolves when /ping answers. `onSpawn` sees the process as soon as it exists (e.g. to watch it
 * start).
 */
export async function startServer(
  schema: string,
  port: number,
  env: Record<string, string> = {},
  args: string[] = ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
  onSpawn?: (child: ChildProcess) => void,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: packageDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  onSpawn?.(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // A first start on a new data directory takes about a minute on a loaded 2-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/ping`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, url, child, exited };
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode === null) server.child.kill(signal);
  await server.exited;
}

/**
 * An organisation and an org-wide API key with every scope, written straight into the database.
 * The organisation is on a plan of its own: Enterprise's features with `features` over them (by
 * default unlimited but for 10,000 slugs per request), so that plan limits do not end a run.
 */
export async function seedOrgAndKey(
  schema: string,
  features: Record<string, number | boolean> = {},
): Promise<{ apiKey: string }> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return await seedOrgAndKeyWith(async (sql, params) => (await client.query(sql, params)).rows, features);
  } finally {
    await client.end();
  }
}

/** Runs one SQL statement and answers its rows: a `pg` client or a PGlite instance. */
export type SeedQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** seedOrgAndKey through any connection (e.g. PGlite on a stopped server's data directory). */
export async function seedOrgAndKeyWith(
  query: SeedQuery,
  features: Record<string, number | boolean> = {},
): Promise<{ apiKey: string }> {
  const slug = `bench-${randomBytes(3).toString('hex')}`;
  const [org] = await query('INSERT INTO organisations (slug, name) VALUES ($1, $1) RETURNING id', [slug]);
  await query(
    `INSERT INTO plans (slug, name, plan_type, display_order, state, features)
     SELECT $1, $1, 'saas', 100, 'active', features || $2::jsonb FROM plans WHERE slug = 'enterprise'`,
    [slug, JSON.stringify(features)],
  );
  await query(
    `INSERT INTO org_subscriptions (org_id, plan_id, state) SELECT $1, id, 'active' FROM plans WHERE slug = $2`,
    [org.id, slug],
  );
  const apiKey = `sk_${randomBytes(32).toString('base64url')}`;
  await query(`INSERT INTO api_keys (org_id, name, prefix, hash, scopes) VALUES ($1, 'bench', $2, $3, $4)`, [
    org.id,
    apiKey.slice(0, 10),
    hashSecret(apiKey),
    [
      'forge',
      'mint',
      'slice',
      'stats',
      'reset',
      'series:read',
      'series:create',
      'series:update',
      'series:delete',
    ],
  ]);
  return { apiKey };
}

export async function seriesCounter(schema: string, slug: string): Promise<bigint> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const r = await client.query('SELECT generated::text AS g FROM series WHERE slug = $1', [slug]);
    return BigInt(r.rows[0].g);
  } finally {
    await client.end();
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

export async function post(url: string, apiKey: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
}
