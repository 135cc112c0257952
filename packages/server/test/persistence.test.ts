import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseInt8 } from '../src/db/bigint.js';
import { openDatabase } from '../src/db/connect.js';
import { closeApp, TestContext, testConfig, testDatabases } from './support/app.js';

describe('PGlite data directory', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('keeps accounts, organisations and signing keys across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'slugsmith-data-'));
    dirs.push(dir);
    const config = testConfig('pglite', { DATA_DIR: dir });

    const first = new TestContext(await buildApp(config), config);
    const p = await first.person('keeper');
    const org = await first.request('POST', '/api/v1/orgs', { token: p.token, body: { name: 'Kept' } });
    const kid = first.app.builtin?.signingKeys[0].kid;
    await first.app.server.close();

    const second = new TestContext(await buildApp(config), config);
    try {
      expect(second.app.builtin?.signingKeys[0].kid).toBe(kid);
      // The token signed before the restart still verifies: the keys were persisted.
      const orgs = await second.request('GET', '/api/v1/orgs', { token: p.token });
      expect(orgs.status).toBe(200);
      expect(orgs.body.map((o: { slug: string }) => o.slug)).toEqual([p.slug, org.body.slug]);
    } finally {
      await second.app.server.close();
    }
  });
});

describe('PGlite data directory lock', () => {
  it('keeps a second server out while the first runs, and lets the next one in after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'slugsmith-lock-'));
    try {
      const config = testConfig('pglite', { DATA_DIR: dir });
      const first = await buildApp(config);
      await expect(buildApp(config)).rejects.toThrow(/already open in this process|in use by process/);
      await first.server.close();
      const second = await buildApp(config);
      await second.server.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'slugsmith-lock-'));
    try {
      const { writeFile } = await import('node:fs/promises');
      // A pid far above the kernel's default pid_max belongs to no process.
      await writeFile(join(dir, 'slugsmith.lock'), '99999999');
      const app = await buildApp(testConfig('pglite', { DATA_DIR: dir }));
      await app.server.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite settings', () => {
  it('start the embedded database with a small buffer pool (its memory never shrinks)', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      const [row] = await database.rawTransaction((exec) => exec('SHOW shared_buffers', []));
      expect(row.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});

describe('int8 values', () => {
  it('become numbers when exact and bigints beyond 2^53', () => {
    expect(parseInt8('42')).toBe(42);
    expect(parseInt8('-9007199254740991')).toBe(-9007199254740991);
    expect(parseInt8('9007199254740993')).toBe(9007199254740993n);
  });
});

/**
 * Two nodes starting at the same moment on one fresh PostgreSQL schema: migrations run once (the
 * advisory lock), both end up with the same signing keys, and either node accepts what the other
 * issued and stored.
 */
// Only where PostgreSQL is among the test databases (it is by default).
if (testDatabases.includes('postgres'))
  describe('[postgres] two nodes on one database', () => {
    it('start together and share keys and data', async () => {
      const config = testConfig('postgres');
      const [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      const nodeA = new TestContext(a, config);
      const nodeB = new TestContext(b, config);
      try {
        expect(a.builtin?.signingKeys.map((k) => k.kid)).toEqual(b.builtin?.signingKeys.map((k) => k.kid));
        const person = await nodeA.person('both');
        const org = await nodeA.request('POST', '/api/v1/orgs', {
          token: person.token,
          body: { name: 'Shared' },
        });
        const seen = await nodeB.request('GET', `/api/v1/orgs/${org.body.slug}`, { token: person.token });
        expect(seen).toMatchObject({ status: 200, body: { slug: org.body.slug, role: 'owner' } });
      } finally {
        await a.server.close();
        await closeApp(b, config);
      }
    });
  });
