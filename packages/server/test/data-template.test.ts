import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataTemplate, unpackDataTemplate } from '../src/db/data-template.js';

/**
 * Issue 36 item 6: a new embedded data directory starts from the template made at build time
 * (initdb once, at build), unpacked as a stream, instead of initdb at the first start.
 */

// initdb runs once, for the template: a minute on a loaded machine.
describe('the embedded data directory template', { timeout: 300_000 }, () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slugsmith-template-test-'));
    template = join(dir, 'template.tar.gz');
    await buildDataTemplate(template);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('unpacks into a directory PGlite opens as an existing database, which keeps what is written', async () => {
    const data = join(dir, 'unpacked');
    await mkdir(data);
    await unpackDataTemplate(template, data);
    expect((await readFile(join(data, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
    expect(existsSync(join(data, 'postmaster.pid'))).toBe(false);

    let db = await PGlite.create(data);
    await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await db.close();
    db = await PGlite.create(data);
    expect((await db.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
    await db.close();
  });

  it('leaves a cut-off archive without PG_VERSION, so the next start unpacks it again', async () => {
    const whole = await readFile(template);
    const cut = join(dir, 'cut.tar.gz');
    await writeFile(cut, whole.subarray(0, whole.length >> 1));
    const data = join(dir, 'cut');
    await mkdir(data);
    await expect(unpackDataTemplate(cut, data)).rejects.toThrow();
    expect(existsSync(join(data, 'PG_VERSION'))).toBe(false);
    await unpackDataTemplate(template, data);
    expect(existsSync(join(data, 'PG_VERSION'))).toBe(true);
  });
});
