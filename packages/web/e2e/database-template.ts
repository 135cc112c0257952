/**
 * A migrated, seeded PGlite data directory made once and copied for every server a test file
 * starts: a fresh in-memory PGlite runs initdb first, the longest part of a server's start on a
 * loaded machine (~14–20 s of ~35 s; opening a copy takes about one). The template holds only
 * what `migrate` and the document seed write; the server still runs both on its copy (nothing
 * left to do) and writes its own keys, staff account and settings, as on a fresh database.
 * Templates are named by a hash of the migrations, the seed content and PGlite's version, so a
 * changed schema or seed makes a new one; other files' concurrent starts build it once between
 * them (the first rename wins).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { contentSeed, seedDocuments } from '../../server/src/areas/documents/seed.js';
import { openDatabase } from '../../server/src/db/connect.js';
import { migrate } from '../../server/src/db/migrate.js';
import { migrations } from '../../server/src/db/migrations/index.js';

const TEMPLATE_PREFIX = 'slugsmith-e2e-db-';

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  for (let up = 0; up < 5; up++, dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (manifest.name === '@electric-sql/pglite') return String(manifest.version);
    } catch {
      // no package.json at this level
    }
  }
  return 'unknown';
}

/** What decides the template's contents: the migrations, the seeded documents, PGlite itself. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  hash.update(JSON.stringify(migrations));
  hash.update(JSON.stringify(contentSeed()));
  return hash.digest('hex').slice(0, 16);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Builds the template in a private directory and moves it into place (atomic; a lost race is harmless). */
async function buildTemplate(path: string): Promise<void> {
  const building = await mkdtemp(join(tmpdir(), `${TEMPLATE_PREFIX}building-`));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: building });
    try {
      await migrate(database);
      await seedDocuments(database.db, contentSeed());
    } finally {
      await database.close();
    }
    await rename(building, path).catch(async (error) => {
      if (!(await exists(path))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

/**
 * Templates of another schema or seed are removed when a new one is made, once they are an hour
 * old (a file started before the change may still be copying one).
 */
async function removeOldTemplates(keep: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(TEMPLATE_PREFIX) || name.includes('building-') || path === keep) continue;
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 60 * 60_000)
      await rm(path, { recursive: true, force: true }).catch(() => {});
  }
}

/** A new data directory holding a copy of the template (made first if missing); the caller removes it. */
export async function databaseCopy(): Promise<string> {
  const template = join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  if (!(await exists(template))) {
    await buildTemplate(template);
    await removeOldTemplates(template);
  }
  const copy = await mkdtemp(join(tmpdir(), 'slugsmith-e2e-data-'));
  await cp(template, copy, { recursive: true });
  return copy;
}
