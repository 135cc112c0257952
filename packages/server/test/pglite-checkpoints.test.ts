import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connect.js';
import { unpackDataTemplate } from '../src/db/data-template.js';
import { CheckpointSchedule, DEFAULT_CHECKPOINT_POLICY } from '../src/db/pglite-checkpoints.js';
import { readPgliteControl } from '../src/db/pglite-control.js';
import { closeApp, testConfig, testDatabases } from './support/app.js';

/**
 * Issue 36: PGlite checkpoints only when it closes, so a clean stop must close it, and the server
 * checkpoints on a schedule so that a killed process's next start replays a bounded log.
 */

const template = fileURLToPath(new URL('../dist/pglite-template.tar.gz', import.meta.url));
const lsn = (text: string) => {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

// Without a build's template PGlite runs initdb: a minute on a loaded machine.
describe('the embedded database on a data directory', { timeout: 300_000 }, () => {
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slugsmith-checkpoints-'));
    dataDir = join(dir, 'data');
    await mkdir(dataDir);
    if (existsSync(template)) await unpackDataTemplate(template, dataDir);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is left shut down by a clean stop of the server, so the next start needs no recovery', async () => {
    const config = testConfig('pglite', { DATA_DIR: dataDir });
    const app = await buildApp(config);
    expect(await readPgliteControl(dataDir)).toMatchObject({ state: 'in production', clean: false });
    await closeApp(app, config);
    expect(await readPgliteControl(dataDir)).toMatchObject({ state: 'shut down', clean: true });
  });

  it('checkpoints what was written, so a process killed after that replays only what came later', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const checkpoints = database.checkpoints as CheckpointSchedule;
    let written: bigint;
    try {
      const opened = await readPgliteControl(dataDir);
      written = await database.rawTransaction(async (exec) => {
        await exec('CREATE TABLE written (n int)');
        await exec('INSERT INTO written SELECT generate_series(1, 1000)');
        const [row] = await exec('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        return lsn(row.lsn as string);
      });
      // Written, but neither old nor large enough yet.
      expect(await checkpoints.checkpointIfDue()).toBe(false);
      expect((await readPgliteControl(dataDir)).redoLsn).toBe(opened.redoLsn);
      expect(await checkpoints.checkpointIfDue(Date.now() + DEFAULT_CHECKPOINT_POLICY.maxAgeMs)).toBe(true);
      const checkpointed = await readPgliteControl(dataDir);
      expect(checkpointed.clean).toBe(false);
      expect(checkpointed.redoLsn).toBeGreaterThanOrEqual(written);
      // Nothing written since: no checkpoint however long it waits.
      expect(await checkpoints.checkpointIfDue(Date.now() + 10 * DEFAULT_CHECKPOINT_POLICY.maxAgeMs)).toBe(
        false,
      );
      // The directory as a killed process leaves it: copied while the database is open.
      await cp(dataDir, join(dir, 'killed'), { recursive: true });
    } finally {
      await database.close();
    }
    const killed = join(dir, 'killed');
    const control = await readPgliteControl(killed);
    expect(control).toMatchObject({ state: 'in production', clean: false });
    // Recovery starts at the checkpoint, after everything written above, and loses nothing.
    expect(control.redoLsn).toBeGreaterThanOrEqual(written);
    const recovered = await PGlite.create(killed);
    try {
      expect((await recovered.query('SELECT count(*)::int AS n FROM written')).rows).toEqual([{ n: 1000 }]);
    } finally {
      await recovered.close();
    }
  });
});

describe('the checkpoint schedule', () => {
  it('checkpoints once its log limit is written, without waiting for the age', async () => {
    const db = await PGlite.create('memory://');
    try {
      const query = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
      const checkpoints = new CheckpointSchedule(query, {
        ...DEFAULT_CHECKPOINT_POLICY,
        maxLogBytes: 256 * 1024,
      });
      await db.exec('CREATE TABLE t (v text)');
      expect(await checkpoints.checkpointIfDue()).toBe(false);
      await db.exec(`INSERT INTO t SELECT repeat('x', 1000) FROM generate_series(1, 1000)`);
      expect(await checkpoints.checkpointIfDue()).toBe(true);
      expect(await checkpoints.checkpointIfDue()).toBe(false);
    } finally {
      await db.close();
    }
  });

  it.runIf(testDatabases.includes('postgres'))(
    'is PGlite’s alone: PostgreSQL has its own checkpointer',
    async () => {
      const database = await openDatabase(testConfig('postgres').database);
      try {
        expect(database.checkpoints).toBeUndefined();
      } finally {
        await database.close();
      }
    },
  );
});
