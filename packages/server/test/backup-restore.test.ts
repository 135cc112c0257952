import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { advanceRestoredCounters } from '../src/cli/advance-counters.js';
import { backupDatabase, main as backupMain } from '../src/cli/backup.js';
import { BackupFileError } from '../src/cli/backup-file.js';
import { CommandError } from '../src/cli/command.js';
import { MARGIN_FLOOR } from '../src/cli/counters.js';
import { restoreDatabase, main as restoreMain } from '../src/cli/restore.js';
import { startScheduledBackups } from '../src/cli/scheduled-backups.js';
import { openDatabase } from '../src/db/connect.js';
import type { Config } from '../src/platform/config.js';
import { closeApp, TestContext, testDatabases } from './support/app.js';
import { orgWithOwner } from './support/keys.js';
import { usePlaces } from './support/places.js';
import { unlimitedPlan } from './support/plans.js';

/**
 * Backup and restore (issue 36 item 1): a backup taken while slugs are being minted restores an
 * install whose series never hand out a slug minted after the backup — whether the database it
 * replaces still opens (its counters are kept) or is gone (the counters move by an estimate).
 */
for (const kind of testDatabases) {
  describe(`[${kind}] backup and restore`, () => {
    const places = usePlaces('migrated');
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'slugsmith-backups-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    /** An install with one busy series; mints go through its API key and every slug is kept. */
    async function busyInstall() {
      const config = await places.fresh(kind, {}, 'migrated');
      const ctx = new TestContext(await buildApp(config), config);
      const a = await orgWithOwner(ctx, 'backed-up');
      await unlimitedPlan(ctx, a.org);
      const s = await a.series('Orders', '{adjective}-{noun}-{number:4d}');
      const key = await a.apiKey({ series: s.slug });
      return { config, ctx, series: s.slug, key: key.key };
    }

    const minted: string[] = [];
    async function mint(ctx: TestContext, key: string, count: number): Promise<void> {
      const r = await ctx.request('POST', '/api/v1/gen/mint', {
        body: { count },
        headers: { 'x-api-key': key },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      minted.push(...(r.body as string[]));
    }

    /** Mints in a loop until `until` settles; returns the mints done before it settled. */
    async function mintWhile(ctx: TestContext, key: string, until: Promise<unknown>): Promise<void> {
      let done = false;
      void until.finally(() => {
        done = true;
      });
      do await mint(ctx, key, 25);
      while (!done);
      await until;
    }

    function expectNoRepeats() {
      const repeats = minted.filter((slug, i) => minted.indexOf(slug) !== i);
      expect(repeats).toEqual([]);
    }

    it('restores over the database it replaces: counters kept from it, no slug repeats', async () => {
      minted.length = 0;
      const { config, ctx, key, series } = await busyInstall();
      for (let i = 0; i < 20; i++) await mint(ctx, key, 25);
      const file = join(dir, `${kind}-replace.backup.gz`);
      await mintWhile(ctx, key, backupDatabase(ctx.app.database, file));
      for (let i = 0; i < 10; i++) await mint(ctx, key, 25);
      await ctx.app.server.close();

      const database = await openDatabase(config.database);
      try {
        // A database that holds an install is not overwritten by accident.
        await expect(restoreDatabase(database, file, { replace: false })).rejects.toThrow(CommandError);
        const summary = await restoreDatabase(database, file, { replace: true });
        // Only the busy series was ahead of the backup; it takes the replaced database's counter.
        expect(summary.counters).toEqual([
          expect.objectContaining({ series, source: 'live', to: String(minted.length) }),
        ]);
      } finally {
        await database.close();
      }

      const restored = new TestContext(await buildApp(config), config);
      try {
        for (let i = 0; i < 10; i++) await mint(restored, key, 25);
        expectNoRepeats();
      } finally {
        await closeApp(restored.app, config);
      }
    });

    it('restores onto a new disk: counters move past what was minted after the backup, no slug repeats', async () => {
      minted.length = 0;
      const { config, ctx, key, series } = await busyInstall();
      for (let i = 0; i < 60; i++) await mint(ctx, key, 25);
      const file = join(dir, `${kind}-new-disk.backup.gz`);
      await mintWhile(ctx, key, backupDatabase(ctx.app.database, file));
      const atBackup = minted.length;
      // As many again after the backup as before it: more than the fixed floor of the margin.
      for (let i = 0; i < 60; i++) await mint(ctx, key, 25);
      expect(minted.length - atBackup).toBeGreaterThan(1000);
      await closeApp(ctx.app, config);

      // The estimate assumes the series minted after the backup at most RATE_SAFETY_FACTOR times
      // its busiest measured rate. On a loaded machine the mints before the backup (first requests,
      // cold caches) can run slower than those after it by more than that, so the restore is done
      // as an operator would after losing a disk: an hour later, not within the same second.
      const elsewhere = await places.fresh(kind);
      const database = await openDatabase(elsewhere.database);
      try {
        const hourLater = new Date(Date.now() + 3_600_000);
        const summary = await restoreDatabase(database, file, { replace: false, now: hourLater });
        const move = summary.counters.find((c) => c.series === series);
        expect(move).toEqual(expect.objectContaining({ source: 'estimate', exhausted: false }));
        // Past everything minted, by an hour at twice the series' rate: a skip, not a wrap.
        expect(BigInt(move!.to)).toBeGreaterThan(BigInt(minted.length));
        expect(BigInt(move!.to) - BigInt(move!.from)).toBeGreaterThan(BigInt(MARGIN_FLOOR));
      } finally {
        await database.close();
      }
      const restored = new TestContext(await buildApp(elsewhere), elsewhere);
      try {
        for (let i = 0; i < 20; i++) await mint(restored, key, 25);
        expectNoRepeats();
      } finally {
        await closeApp(restored.app, elsewhere);
      }
    });

    it('refuses a file that is not a backup, and a backup cut short, leaving the database untouched', async () => {
      const config: Config = await places.fresh(kind, {}, 'migrated');
      const app = await buildApp(config);
      const file = join(dir, `${kind}-cut.backup.gz`);
      await backupDatabase(app.database, file);
      await app.server.close();
      const whole = await readFile(file);
      await writeFile(`${file}.cut`, whole.subarray(0, Math.floor(whole.length / 2)));
      await writeFile(`${file}.text`, 'not a backup');

      const elsewhere = await places.fresh(kind);
      const database = await openDatabase(elsewhere.database);
      try {
        await expect(restoreDatabase(database, `${file}.text`, { replace: false })).rejects.toThrow(
          BackupFileError,
        );
        await expect(restoreDatabase(database, `${file}.cut`, { replace: false })).rejects.toThrow(
          /damaged or cut short|incomplete/,
        );
        // The failed restore rolled back: the place is still empty, and the whole file restores.
        const tables = await database.rawTransaction((exec) =>
          exec(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()`, []),
        );
        expect(tables[0].n).toBe(0);
        const summary = await restoreDatabase(database, file, { replace: false });
        expect(summary.rows.get('plans')).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    });
  });
}

describe('backup of a 100,000-slug install', () => {
  const places = usePlaces('migrated');

  it('is written and restored (time printed; the bound is generous)', async () => {
    const config = await places.fresh('pglite', {}, 'migrated');
    const ctx = new TestContext(await buildApp(config), config);
    const dir = await mkdtemp(join(tmpdir(), 'slugsmith-backups-'));
    try {
      const a = await orgWithOwner(ctx, 'large');
      await unlimitedPlan(ctx, a.org);
      const keys = [];
      for (let i = 0; i < 10; i++) {
        const s = await a.series(`Series ${i}`, '{adjective}-{noun}-{number:4d}');
        keys.push((await a.apiKey({ series: s.slug })).key);
      }
      for (const key of keys) {
        for (let i = 0; i < 2; i++) {
          const r = await ctx.request('POST', '/api/v1/gen/mint', {
            body: { count: 5000 },
            headers: { 'x-api-key': key },
          });
          expect(r.status).toBe(200);
        }
      }
      await ctx.app.stats.recorder.flush();
      const file = join(dir, 'large.backup.gz');
      const summary = await backupDatabase(ctx.app.database, file);
      console.log(`backup of a 100,000-slug install: ${Math.round(summary.milliseconds)} ms`);
      expect(summary.milliseconds).toBeLessThan(60_000);
      await ctx.app.server.close();

      const elsewhere = await places.fresh('pglite');
      const database = await openDatabase(elsewhere.database);
      try {
        const restored = await restoreDatabase(database, file, { replace: false });
        expect(restored.rows).toEqual(summary.rows);
        const [row] = await database.rawTransaction((exec) =>
          exec(`SELECT sum(generated)::text AS total FROM series WHERE name LIKE 'Series %'`, []),
        );
        // Each series moved forward from its 10,000, never back.
        expect(BigInt(String(row.total))).toBeGreaterThan(100_000n);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('scheduled backups', () => {
  const places = usePlaces('migrated');

  it('are written by the running server on demand and on SIGUSR2, the newest BACKUP_KEEP kept', async () => {
    const config = await places.fresh(
      'pglite',
      { BACKUP_DIR: '/unused', BACKUP_INTERVAL: '1d', BACKUP_KEEP: '2' },
      'migrated',
    );
    expect(config.backups).toEqual({ dir: '/unused', intervalMs: 86_400_000, keep: 2 });
    const app = await buildApp(config);
    const dir = await mkdtemp(join(tmpdir(), 'slugsmith-scheduled-'));
    const backups = startScheduledBackups(
      app.database,
      { dir, intervalMs: 86_400_000, keep: 2 },
      app.server.log,
    );
    try {
      const written = [await backups.runNow(), await backups.runNow()];
      process.emit('SIGUSR2');
      // The signal started a backup; asking now joins it rather than starting another.
      written.push(await backups.runNow());
      const kept = (await readdir(dir)).sort();
      expect(kept).toHaveLength(2);
      expect(kept.map((f) => join(dir, f))).toEqual(written.slice(1));
      expect(kept.every((f) => /^slugsmith-\d{8}T\d{9}Z\.backup\.gz$/.test(f))).toBe(true);
    } finally {
      await backups.stop();
      await app.server.close();
    }
    const elsewhere = await places.fresh('pglite');
    const database = await openDatabase(elsewhere.database);
    try {
      const [newest] = (await readdir(dir)).sort().reverse();
      const summary = await restoreDatabase(database, join(dir, newest), { replace: false });
      expect(summary.rows.get('accounts')).toBeGreaterThan(0);
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases)('[%s] advance-counters (after a restore by other means)', (kind) => {
  const places = usePlaces('migrated');

  it('moves each series past what it may have minted since the given time, and refuses a time that is none', async () => {
    const config = await places.fresh(kind, {}, 'migrated');
    const ctx = new TestContext(await buildApp(config), config);
    try {
      const a = await orgWithOwner(ctx, 'advanced');
      const s = await a.series('Tickets', '{adjective}-{noun}-{number:4d}');
      const key = await a.apiKey({ series: s.slug });
      const minted = await ctx.request('POST', '/api/v1/gen/mint', {
        body: { count: 10 },
        headers: { 'x-api-key': key.key },
      });
      expect(minted.status).toBe(200);
      await expect(advanceRestoredCounters(ctx.app.database, 'yesterday')).rejects.toThrow(CommandError);
      const moves = await advanceRestoredCounters(
        ctx.app.database,
        new Date(Date.now() - 60_000).toISOString(),
      );
      const move = moves.find((m) => m.series === s.slug);
      expect(move).toMatchObject({ org: a.org, from: '10', source: 'estimate', exhausted: false });
      expect(Number(move?.to)).toBeGreaterThan(10 + 1000);
      const info = await ctx.request('GET', `/api/v1/orgs/${a.org}/series/${s.slug}`, {
        token: a.owner.token,
      });
      expect(info.body.generated_count).toBe(move?.to);
    } finally {
      await ctx.app.server.close();
    }
  });
});

describe('the commands as an operator runs them', () => {
  const places = usePlaces('migrated');
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it('print their usage for a wrong call, and say plainly why they refuse (exit codes 2 and 1)', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((text: string) => void errors.push(text));
    await backupMain([]);
    expect(process.exitCode).toBe(2);
    expect(errors.pop()).toMatch(/^usage: slugsmith-server backup <file>/);
    process.exitCode = undefined;
    await restoreMain(['some.backup.gz', '--replce']);
    expect(process.exitCode).toBe(2);
    expect(errors.pop()).toMatch(/^usage: slugsmith-server restore <file> \[--replace\]/);
    process.exitCode = undefined;
    await restoreMain([join(tmpdir(), 'no-such.backup.gz')]);
    expect(process.exitCode).toBe(1);
    expect(errors.pop()).toMatch(/no-such\.backup\.gz: no such file/);

    // No install there: said so, and no empty data directory is left behind.
    const nowhere = join(tmpdir(), `no-install-${process.pid}-${Date.now()}`);
    process.env = { ...saved, DATA_DIR: nowhere };
    delete process.env.DATABASE_URL;
    process.exitCode = undefined;
    await backupMain([join(tmpdir(), 'never-written.backup.gz')]);
    expect(process.exitCode).toBe(1);
    expect(errors.pop()).toMatch(/^No Slugsmith database at DATA_DIR .*: nothing to read\.$/);
    expect(existsSync(nowhere)).toBe(false);

    // The embedded database of a running server: the refusal names the way that works.
    const config = await places.fresh('pglite', {}, 'migrated');
    const app = await buildApp(config);
    try {
      if (config.database.kind !== 'pglite') throw new Error('unreachable');
      process.env = { ...saved, DATA_DIR: config.database.dataDir };
      delete process.env.DATABASE_URL;
      process.exitCode = undefined;
      await backupMain([join(tmpdir(), 'never-written.backup.gz')]);
      expect(process.exitCode).toBe(1);
      expect(errors.pop()).toMatch(/already open in this process[\s\S]*BACKUP_DIR[\s\S]*SIGUSR2/);
    } finally {
      await app.server.close();
    }
  });
});
