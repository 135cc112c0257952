import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { SignedRevocationList } from '@slugsmith/contract';
import type { JWK } from 'jose';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Install, readInstallLicence } from '../src/areas/install/install.js';
import { OlderList } from '../src/areas/install/revocation-store.js';
import { signRevocationList } from '../src/areas/licences/revocation-list.js';
import { LicenceError, newLicenceSigningKey } from '../src/areas/licences/token.js';
import { main as importMain } from '../src/cli/import-revocations.js';
import { main as rotateMain } from '../src/cli/rotate-licence-keys.js';
import { type Database, openDatabase } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import type { Config } from '../src/platform/config.js';
import { testConfig, testDatabases, testDatabaseUrl } from './support/app.js';
import { licenceKit } from './support/install.js';

/**
 * An install follows its issuer's signed revocation list (issue 36 item 5): fetched over HTTP from
 * a stand-in issuer serving lists signed by the tests' licence key, kept in the database, imported
 * from a file; a revoked licence serves for its grace period and is refused after. Time is an
 * injected clock, never waited for. The issuer's own route and the whole path across two apps:
 * licences.test.ts and install-revocations-app.test.ts.
 */

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');

type Kit = Awaited<ReturnType<typeof licenceKit>>;

/** A stand-in issuer: answers what `answer` says at /api/v1/licences/revoked. */
async function standInIssuer() {
  let answer: { status: number; body: string } = { status: 503, body: '' };
  let asked = 0;
  const server: Server = createServer((request, response) => {
    asked++;
    if (request.url !== '/api/v1/licences/revoked') return response.writeHead(404).end();
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (body: string, status = 200) => {
      answer = { status, body };
    },
    down: () => {
      answer = { status: 503, body: 'unavailable' };
    },
    get asked() {
      return asked;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The issuer's /licences/revoked answer: ids and the list signed by `keys`, signed at `at`. */
async function revokedAnswer(
  revoked: { id: string; revokedAt: Date }[],
  keys: JWK[],
  at: number,
): Promise<string> {
  const signed = await signRevocationList(revoked, 'https://slugsmith.test', keys, new Date(at));
  return JSON.stringify({ ids: revoked.map((r) => r.id), signed });
}

for (const kind of testDatabases) {
  describe(`[${kind}] an install follows its issuer's revocation list`, () => {
    let kit: Kit;
    let signer: JWK;
    let issuer: Awaited<ReturnType<typeof standInIssuer>>;
    let database: Database;
    let config: Config;
    const logs: { level: number; msg: string }[] = [];
    const log = (() => {
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      });
      return pino({ level: 'info' }, stream);
    })();
    const clock = { now: T0 };
    const running: Install[] = [];

    beforeAll(async () => {
      kit = await licenceKit();
      // The kit's key signs its licences and the stand-in issuer's lists.
      signer = kit.key;
      issuer = await standInIssuer();
      config = testConfig(kind);
      database = await openDatabase(config.database);
      await migrate(database);
    });

    afterEach(async () => {
      await Promise.all(running.splice(0).map((i) => i.stop()));
    });

    afterAll(async () => {
      await database?.close();
      await issuer?.close();
      await kit?.cleanup();
      if (config?.database.kind === 'postgres') {
        const client = new pg.Client({ connectionString: config.database.url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${config.database.schema}" CASCADE`);
        await client.end();
      }
    });

    /** An install of `licenceId` started on the shared database, on the test's clock. */
    const startInstall = async (licenceId: string, env: Record<string, string> = {}) => {
      const path = await kit.write(`${licenceId}.licence`, kit.claims({ jti: licenceId, max_nodes: 5 }));
      const installConfig = testConfig(kind, {
        LICENSE: path,
        LICENSE_KEYS: kit.keysFile,
        LICENSE_REVOCATION_URL: `${issuer.url}/api/v1/licences/revoked`,
        ...env,
      }).install;
      if (!installConfig) throw new Error('no install config');
      const install = new Install(await readInstallLicence(installConfig), database, log, {
        now: () => clock.now,
      });
      running.push(install);
      await install.start();
      return install;
    };

    it('a revoked licence serves for the grace period after the install learned of it, then is refused; a restart keeps the count', async () => {
      const licence = randomUUID();
      clock.now = T0;
      issuer.serve(await revokedAnswer([{ id: licence, revokedAt: new Date(T0 - HOUR) }], [signer], T0));
      const install = await startInstall(licence);
      await install.revocations.fetchNow();
      expect(install.refusal()).toBeUndefined();
      const status = install.revocations.status(licence);
      expect(status).toMatchObject({
        source_url: `${issuer.url}/api/v1/licences/revoked`,
        grace_hours: 72,
        check_hours: 6,
        list_source: 'fetched',
        revoked_count: 1,
        learned_at: new Date(T0).toISOString(),
        grace_until: new Date(T0 + 72 * HOUR).toISOString(),
        last_error: null,
      });
      expect(status.warning).toMatch(
        /revoked by its issuer on .*grace period of 72 h, until 2026-11-04T00:00:00.000Z/,
      );

      clock.now = T0 + 72 * HOUR - 1;
      expect(install.refusal()).toBeUndefined();
      clock.now = T0 + 72 * HOUR;
      const refusal = install.refusal();
      expect(refusal).toMatchObject({
        status: 503,
        details: { reason: 'licence-revoked', grace_until: new Date(T0 + 72 * HOUR).toISOString() },
      });
      expect(refusal?.message).toMatch(
        /^Licence revoked: the licence was revoked by its issuer on .*generation is refused/,
      );
      await install.stop();

      // Restarted later, with the issuer unreachable: the stored list and its learned time hold.
      issuer.down();
      clock.now = T0 + 10 * HOUR;
      const restarted = await startInstall(licence);
      await restarted.revocations.fetchNow();
      expect(restarted.revocations.status(licence)).toMatchObject({
        learned_at: new Date(T0).toISOString(),
        last_error: 'HTTP 503',
      });
      expect(restarted.refusal()).toBeUndefined();
      clock.now = T0 + 80 * HOUR;
      expect(restarted.refusal()?.details).toMatchObject({ reason: 'licence-revoked' });
      expect(logs.some((l) => l.level === 40 && l.msg.includes('grace period of 72 h'))).toBe(true);
    });

    it('an unreachable, failing or oversized answer keeps the last good list', async () => {
      const licence = randomUUID();
      const other = randomUUID();
      clock.now = T0 + 100 * HOUR;
      issuer.serve(await revokedAnswer([{ id: other, revokedAt: new Date(T0) }], [signer], clock.now));
      const install = await startInstall(licence);
      await install.revocations.fetchNow();
      const good = install.revocations.status(licence);
      expect(good).toMatchObject({ revoked_count: 1, last_error: null, licence_revoked_at: null });

      const answers: [() => void, RegExp][] = [
        [() => issuer.down(), /^HTTP 503$/],
        [() => issuer.serve('{"ids": [', 200), /not JSON/],
        [
          () => issuer.serve(`{"ids": [], "pad": "${'x'.repeat(9 * 1024 * 1024)}"}`, 200),
          /larger than 8388608 bytes/,
        ],
      ];
      for (const [answer, error] of answers) {
        answer();
        await install.revocations.fetchNow();
        const status = install.revocations.status(licence);
        expect(status.last_error).toMatch(error);
        expect(status).toMatchObject({ list_issued_at: good.list_issued_at, revoked_count: 1 });
      }
      // Nothing listens at all.
      const closed = await startInstall(randomUUID(), {
        LICENSE_REVOCATION_URL: 'http://127.0.0.1:9/revoked',
      });
      await closed.revocations.fetchNow();
      expect(closed.revocations.status(licence)).toMatchObject({
        list_issued_at: good.list_issued_at,
        last_error: expect.stringMatching(/fetch failed/),
      });
      expect(closed.refusal()).toBeUndefined();
    });

    it('refuses a forged, an altered, an unsigned and an older list: none revokes or un-revokes', async () => {
      const licence = randomUUID();
      clock.now = T0 + 200 * HOUR;
      issuer.serve(await revokedAnswer([{ id: licence, revokedAt: new Date(T0) }], [signer], clock.now));
      const install = await startInstall(licence);
      await install.revocations.fetchNow();
      const inForce = install.revocations.status(licence);
      expect(inForce.licence_revoked_at).not.toBeNull();

      const refusedWith = async (text: string) =>
        install.importRevocations(text).then(
          () => 'accepted',
          (error: unknown) =>
            error instanceof LicenceError
              ? error.problem
              : error instanceof OlderList
                ? 'older'
                : String(error),
        );
      const later = clock.now + HOUR;
      // A forger's key, un-revoking this licence.
      expect(await refusedWith(await revokedAnswer([], [await newLicenceSigningKey()], later))).toBe(
        'foreign',
      );
      // The issuer's signature over another content.
      const genuine = JSON.parse(await revokedAnswer([], [signer], later)) as {
        signed: SignedRevocationList;
      };
      const altered: SignedRevocationList = {
        ...genuine.signed,
        payload: Buffer.from(JSON.stringify({ iss: 'x', iat: later / 1000 + 1, revoked: [] })).toString(
          'base64url',
        ),
      };
      expect(await refusedWith(JSON.stringify(altered))).toBe('tampered');
      expect(await refusedWith(JSON.stringify({ ids: [] }))).toBe('malformed');
      expect(await refusedWith('not json')).toBe('malformed');
      // A genuine list signed before the one in force (replayed to un-revoke).
      expect(await refusedWith(await revokedAnswer([], [signer], clock.now - HOUR))).toBe('older');
      expect(install.revocations.status(licence)).toEqual(inForce);

      // The issuer lifts the revocation: its newer list is in force and the licence is no longer revoked.
      expect(await refusedWith(JSON.stringify(genuine.signed))).toBe('accepted');
      expect(install.revocations.status(licence)).toMatchObject({
        list_source: 'imported',
        licence_revoked_at: null,
        grace_until: null,
      });
      clock.now += 1000 * HOUR;
      expect(install.refusal()).toBeUndefined();
    });

    it('a list signed by several keys verifies with any one trusted key', async () => {
      const licence = randomUUID();
      clock.now = T0 + 2000 * HOUR;
      const install = await startInstall(licence, { LICENSE_REVOCATION_URL: 'off' });
      expect(install.revocations.sourceUrl).toBeNull();
      const rotatedIn = await newLicenceSigningKey();
      await install.importRevocations(
        await revokedAnswer(
          [{ id: licence, revokedAt: new Date(clock.now) }],
          [rotatedIn, signer],
          clock.now,
        ),
      );
      expect(install.revocations.status(licence)).toMatchObject({
        list_source: 'imported',
        learned_at: new Date(T0 + 2000 * HOUR).toISOString(),
      });
    });

    it('imports a list file with the import-revocations command', async () => {
      // The command opens the database as the server does: a data directory of its own on PGlite.
      await withCommandDatabase(kind, async (env, read) => {
        const licence = randomUUID();
        const licencePath = await kit.write(`${licence}.licence`, kit.claims({ jti: licence }));
        const file = join(kit.dir, 'revoked.json');
        const at = Date.now() - 1000;
        await writeFile(file, await revokedAnswer([{ id: licence, revokedAt: new Date(at) }], [signer], at));
        const forged = join(kit.dir, 'forged.json');
        await writeFile(forged, await revokedAnswer([], [await newLicenceSigningKey()], at + 1000));
        const licenceEnv = { ...env, LICENSE: licencePath, LICENSE_KEYS: kit.keysFile };

        const imported = await runMain(importMain, [file], licenceEnv);
        expect(imported.errors).toEqual([]);
        expect(imported.code).toBeUndefined();
        expect(imported.lines[0]).toMatch(/^revocation list imported: signed .*, 1 revoked licences/);
        expect(imported.lines[1]).toMatch(/revoked by its issuer on .*grace period of 72 h/);
        const refused = await runMain(importMain, [forged], licenceEnv);
        expect(refused.code).toBe(1);
        expect(refused.errors[0]).toMatch(/^revocation list refused \(foreign\): /);
        const notAnInstall = await runMain(importMain, [file], env);
        expect(notAnInstall.errors[0]).toMatch(/^LICENSE is not set/);
        const usage = await runMain(importMain, [], licenceEnv);
        expect(usage.code).toBe(2);

        const rows = await read(
          'SELECT licence_id, source FROM install_revocations, install_revocation_list',
        );
        expect(rows).toEqual([{ licence_id: licence, source: 'imported' }]);
      });
    });

    it('rotates the issuer’s licence keys with the rotate-licence-keys command, audited', async () => {
      await withCommandDatabase(kind, async (env, read) => {
        const first = await runMain(rotateMain, [], env);
        expect(first.errors).toEqual([]);
        expect(first.lines[0]).toMatch(/^new signing key: \S+$/);
        // The key made on first use signed nothing: it is retired at once.
        expect(first.lines[2]).toMatch(/^retired \(no licence of theirs in force\): \S+$/);
        const [keys] = (await read(`SELECT value FROM secrets WHERE name = 'licence_signing_keys'`)) as {
          value: { kid: string }[];
        }[];
        expect(keys?.value.map((k) => k.kid)).toEqual([first.lines[0]?.split(': ')[1]]);
        const audit = await read(`SELECT action, actor_email, object_type FROM audit_log`);
        expect(audit).toEqual([
          {
            action: 'licence_key.rotate',
            actor_email: 'rotate-licence-keys (command)',
            object_type: 'licence_key',
          },
        ]);
        expect((await runMain(rotateMain, ['extra'], env)).code).toBe(2);
        // An install issues nothing: the command refuses it and leaves its keys alone.
        const licencePath = await kit.write('rotating-install.licence', kit.claims());
        const onInstall = await runMain(rotateMain, [], {
          ...env,
          LICENSE: licencePath,
          LICENSE_KEYS: kit.keysFile,
        });
        expect(onInstall.code).toBe(1);
        expect(onInstall.errors[0]).toMatch(/^LICENSE is set: this is an on-premise install/);
        const after = (await read(`SELECT value FROM secrets WHERE name = 'licence_signing_keys'`)) as {
          value: { kid: string }[];
        }[];
        expect(after[0]?.value.map((k) => k.kid)).toEqual([first.lines[0]?.split(': ')[1]]);
      });
    });
  });
}

/** The environment of a database the commands open (a PGlite directory or a PostgreSQL schema). */
async function withCommandDatabase(
  kind: 'pglite' | 'postgres',
  body: (env: Record<string, string>, read: (sql: string) => Promise<unknown[]>) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'slugsmith-command-'));
  const database =
    kind === 'pglite'
      ? ({ kind: 'pglite', dataDir: join(dir, 'data') } as const)
      : ({
          kind: 'postgres',
          url: testDatabaseUrl,
          schema: `t_cmd_${randomUUID().slice(0, 8)}`,
          poolMax: 2,
        } as const);
  const env: Record<string, string> =
    database.kind === 'pglite'
      ? { DATA_DIR: database.dataDir }
      : { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema };
  /** Opens the database for one statement: PGlite admits one holder, the command's while it runs. */
  const read = async (sql: string) => {
    const opened = await openDatabase(database);
    try {
      return await opened.rawTransaction((exec) => exec(sql, []));
    } finally {
      await opened.close();
    }
  };
  try {
    const opened = await openDatabase(database);
    await migrate(opened);
    await opened.close();
    await body(env, read);
  } finally {
    if (database.kind === 'postgres') await read(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a command's `main` in this process with `env` as its environment: what it printed and its exit code. */
async function runMain(main: (args: string[]) => Promise<void>, args: string[], env: Record<string, string>) {
  const saved = process.env;
  const lines: string[] = [];
  const errors: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void lines.push(text));
  const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void errors.push(text));
  process.env = { PATH: saved.PATH, PUBLIC_URL: 'http://127.0.0.1:8080', LOG_LEVEL: 'silent', ...env };
  process.exitCode = undefined;
  try {
    await main(args);
    return { code: process.exitCode, lines, errors };
  } finally {
    process.env = saved;
    process.exitCode = undefined;
    log.mockRestore();
    error.mockRestore();
  }
}
