import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { newLicenceSigningKey, publicLicenceKey } from '../src/areas/licences/token.js';
import { closeApp, TestContext, testConfig } from './support/app.js';
import { licenceKit, OPEN_FEATURES } from './support/install.js';
import { orgWithOwner } from './support/keys.js';
import { LogLines } from './support/log-lines.js';

/**
 * A server started with LICENSE (one PGlite node): the licence's limits instead of the plan
 * catalogue, its standing over time (renewed by replacing the file), and the licences that stop
 * the start. The nodes of several processes: install-nodes.test.ts.
 */

type Kit = Awaited<ReturnType<typeof licenceKit>>;
/** Shaped like a token (three dot-separated parts): LICENSE still reads it as the file it is. */
const LICENCE_FILE = 'acme.on-prem.licence';
const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('[pglite] an on-premise install', () => {
  let kit: Kit;
  let ctx: TestContext;
  let licencePath: string;
  const logs = new LogLines();

  beforeAll(async () => {
    kit = await licenceKit();
    // The catalogue's Free plan (every new organisation's) has no API keys: the licence grants them.
    const first = kit.claims({
      max_nodes: 1,
      features: { ...OPEN_FEATURES, max_nodes: 1, max_forge_per_request: 3 },
    });
    licencePath = await kit.write(LICENCE_FILE, first);
    const config = testConfig('pglite', {
      LOG_LEVEL: 'info',
      LICENSE: licencePath,
      LICENSE_KEYS: kit.keysFile,
      LICENSE_HEARTBEAT_SECONDS: '0.2',
      // No issuer to reach (its revocation list: install-revocations.test.ts).
      LICENSE_REVOCATION_URL: 'off',
    });
    ctx = new TestContext(await buildApp(config, { logStream: logs.stream }), config);
  });

  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
    await kit?.cleanup();
  });

  const install = async () => {
    const { token } = await ctx.admin();
    return ctx.request('GET', '/api/v1/admin/install', { token });
  };
  /** Replaces the licence file and waits until the server says it has it in force. */
  const renew = async (claims: ReturnType<Kit['claims']>, key?: Parameters<Kit['write']>[2]) => {
    const from = logs.lines.length;
    await kit.write(LICENCE_FILE, claims, key);
    await logs.next((l) => l.licence === claims.jti && l.msg.startsWith('licence renewed from'), from);
    return (await install()).body;
  };

  let apiKey: string;
  let org: Awaited<ReturnType<typeof orgWithOwner>>;
  const forge = (count: number) =>
    ctx.request('POST', '/api/v1/gen/forge', {
      body: { pattern: '{noun}', count },
      headers: { 'x-api-key': apiKey },
    });

  const mcpToolList = () =>
    ctx.request('POST', '/api/v1/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { 'x-api-key': apiKey, accept: 'application/json, text/event-stream' },
    });

  it('holds every organisation to the licence, not to the plan catalogue', async () => {
    org = await orgWithOwner(ctx, 'Licensee');
    apiKey = (await org.apiKey({})).key;
    const limits = await ctx.request('GET', '/api/v1/limits', { headers: { 'x-api-key': apiKey } });
    expect(limits.status).toBe(200);
    expect(limits.body).toMatchObject({
      plan: 'on-prem-test',
      max_forge_per_request: 3,
      api_key_access: true,
    });
    expect((await forge(3)).body).toHaveLength(3);
    const over = await forge(4);
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(over.status).toBeLessThan(500);
    const console = await ctx.request('GET', `/api/v1/orgs/${org.org}/limits`, { token: org.owner.token });
    expect(console.body).toEqual([
      expect.objectContaining({ plan: 'on-prem-test', plan_name: 'On-premise (test)' }),
    ]);
  });

  it('shows the licence and this node in the admin console', async () => {
    const r = await install();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      mode: 'on_premise',
      licence: { holder: { slug: 'acme', name: 'Acme Ltd' }, max_nodes: 1, standing: 'valid', warning: null },
      nodes_in_use: 1,
      serving: true,
      refusal: null,
    });
    expect(r.body.nodes).toEqual([expect.objectContaining({ slot: 1, current: true, pid: process.pid })]);
    expect(logs.some((l) => l.msg.includes('on-premise install: licensed to Acme Ltd'))).toBe(true);
  });

  it('warns from 30 days before expiry, keeps serving for the grace period, then refuses generation only', async () => {
    const day = kit.day;
    // From now, not from the kit's start: a loaded machine may take more than a minute to get here.
    const expiring = await renew(
      kit.claims({ max_nodes: 1, exp: Math.floor(Date.now() / 1000) + 10 * day + 60 }),
    );
    expect(expiring.licence).toMatchObject({ standing: 'expiring', days_left: 11 });
    expect(expiring.licence.warning).toMatch(/^the licence expires on \d{4}-\d\d-\d\d \(in 11 days\)/);
    // Logged by the renewing heartbeat after the renewal itself.
    expect(await logs.next((l) => l.msg.startsWith('the licence expires on'))).toMatchObject({ level: 40 });
    expect((await forge(1)).status).toBe(200);

    const grace = await renew(kit.claims({ max_nodes: 1, exp: kit.now - 3 * day }));
    expect(grace.licence).toMatchObject({ standing: 'grace', days_left: 11 });
    expect((await forge(1)).status).toBe(200);

    const expired = await renew(kit.claims({ max_nodes: 1, exp: kit.now - 15 * day }));
    expect(expired.licence.standing).toBe('expired');
    expect(expired.serving).toBe(false);
    const refused = await forge(1);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(
      /^Licence expired: the licence expired on .* grace period ended on /,
    );
    expect(refused.body.details).toMatchObject({ reason: 'licence-expired' });
    expect((await mcpToolList()).status).toBe(503);
    expect(await logs.next((l) => l.msg.includes('generation is refused'))).toMatchObject({ level: 50 });
    // The console and the data stay reachable.
    const series = await ctx.request('GET', `/api/v1/orgs/${org.org}/series`, { token: org.owner.token });
    expect(series.status).toBe(200);
  });

  it('a perpetual licence never expires; a foreign-signed replacement leaves the licence in force until LICENSE_KEYS trusts its key', async () => {
    const perpetual = kit.claims({ max_nodes: 1, exp: undefined, perpetual: true });
    const status = await renew(perpetual);
    expect(status.licence).toMatchObject({ standing: 'valid', perpetual: true, expires_at: null });
    expect((await forge(2)).status).toBe(200);
    expect((await mcpToolList()).status).toBe(200);

    const foreign = await newLicenceSigningKey();
    await kit.write(LICENCE_FILE, kit.claims({ max_nodes: 1 }), foreign);
    const refused = await logs.next((l) => l.msg.includes('the previous licence stays'));
    expect(refused.level).toBe(50);
    expect((await install()).body.licence.id).toBe(perpetual.jti);

    // The issuer rotated its keys: once LICENSE_KEYS lists the new one, a licence it signed renews.
    await writeFile(kit.keysFile, JSON.stringify({ keys: [publicLicenceKey(foreign)] }));
    const rotated = kit.claims({ max_nodes: 1, exp: undefined, perpetual: true });
    expect((await renew(rotated, foreign)).licence.id).toBe(rotated.jti);
  });
});

describe('a licence that cannot be used stops the start', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await licenceKit();
  });
  afterAll(async () => kit?.cleanup());

  const startWith = async (licence: string) => {
    const config = testConfig('pglite', { LICENSE: licence, LICENSE_KEYS: kit.keysFile });
    try {
      const app = await buildApp(config);
      await closeApp(app, config);
      return 'started';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('names a tampered, a foreign-signed, a malformed and an unreadable licence', async () => {
    const [header, , signature] = (await kit.sign(kit.claims())).split('.');
    const more = Buffer.from(JSON.stringify({ ...kit.claims(), max_nodes: 300 })).toString('base64url');
    const foreign = await kit.sign(kit.claims(), await newLicenceSigningKey());
    const [tampered, foreignSigned, malformed] = await Promise.all([
      startWith(`${header}.${more}.${signature}`),
      startWith(foreign),
      startWith('eyJhbGciOiJub25lIn0.e30.c2ln'),
    ]);
    expect(tampered).toBe(
      'licence refused (tampered): the licence signature does not match its content (was it edited?)',
    );
    expect(foreignSigned).toMatch(
      /^licence refused \(foreign\): the licence is signed by key ".+", which is not a trusted licence key$/,
    );
    expect(malformed).toMatch(/^licence refused \(malformed\): the licence is not a licence token/);
    expect(await startWith(`${kit.dir}/missing licence.jwt`)).toBe(
      'licence refused (unreadable): LICENSE is neither a licence token nor a readable file (ENOENT)',
    );
  });

  it('the server process exits with one line on stderr', async () => {
    const token = await kit.sign(kit.claims());
    const [header, , signature] = token.split('.');
    const more = Buffer.from(JSON.stringify({ ...kit.claims(), max_nodes: 300 })).toString('base64url');
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        LICENSE: `${header}.${more}.${signature}`,
        LICENSE_KEYS: kit.keysFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'licence refused (tampered): the licence signature does not match its content (was it edited?)\n',
    );
  }, 30_000);
});
