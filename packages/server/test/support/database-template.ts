/**
 * PGlite data directories made once and copied for every test install that needs one: a fresh
 * PGlite runs initdb first, the longest part of a server's start on a loaded machine (~14–20 s of
 * ~35 s; copying a template takes about one). Two templates:
 * - `initialised`: initdb only — an empty database, as a new install's directory before its first
 *   start (a restore's target, a server's first start);
 * - `migrated`: what `migrate` and the document seed write too. A server started on a copy still
 *   runs both (nothing left to do) and writes its own keys, staff account and settings, as on a
 *   fresh database.
 * Templates are named by a hash of what makes them (PGlite's version; for `migrated` also the
 * migrations and the seed's content files), so a changed schema or seed makes a new one; other
 * files' concurrent starts build it once between them (the first rename wins).
 * Used by the server's operations tests (support/places.ts) and the web end-to-end servers.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSeed, seedDocuments } from '../../src/areas/documents/seed.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';

const TEMPLATE_PREFIX = 'slugsmith-test-db-';
const contentDir = fileURLToPath(new URL('../../../../content/', import.meta.url));

export type TemplateKind = 'initialised' | 'migrated';

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

/**
 * The seed's inputs as bytes (every file under content/ by path, and the seed's own code):
 * hashing them is cheaper than reading the seed (which parses every document) on every start.
 */
async function hashContent(hash: ReturnType<typeof createHash>): Promise<void> {
  const entries = await readdir(contentDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const seedCode = ['seed.ts', 'queries.ts'].map((name) =>
    fileURLToPath(new URL(`../../src/areas/documents/${name}`, import.meta.url)),
  );
  for (const file of [...files, ...seedCode]) {
    hash.update(file.slice(contentDir.length));
    hash.update(await readFile(file));
  }
}

/** What decides a template's contents. */
async function templateKey(kind: TemplateKind): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${kind} ${pgliteVersion()}`);
  if (kind === 'migrated') {
    hash.update(JSON.stringify(migrations));
    await hashContent(hash);
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Builds the template in a private directory and moves it into place (atomic; a lost race is
 * harmless). The migrated one starts from a copy of the initialised one: one initdb for both.
 */
async function buildTemplate(kind: TemplateKind, path: string): Promise<void> {
  const building = await mkdtemp(join(tmpdir(), `${TEMPLATE_PREFIX}building-`));
  try {
    if (kind === 'migrated') await cp(await ensureTemplate('initialised'), building, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: building });
    try {
      if (kind === 'migrated') {
        await migrate(database);
        await seedDocuments(database.db, contentSeed());
      }
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

/**
 * The `kind` template's directory, made first if missing. A file whose first test would otherwise
 * wait for it calls this in a beforeAll (hooks get more time than tests).
 */
export async function ensureTemplate(kind: TemplateKind): Promise<string> {
  const template = join(tmpdir(), `${TEMPLATE_PREFIX}${kind}-${await templateKey(kind)}`);
  if (!(await exists(template))) {
    await buildTemplate(kind, template);
    await removeOldTemplates(template);
  }
  return template;
}

/** Copies the `kind` template (made first if missing) into `dir`, which must not hold a database. */
export async function copyTemplateTo(dir: string, kind: TemplateKind): Promise<void> {
  await cp(await ensureTemplate(kind), dir, { recursive: true });
}

/** A new data directory holding a copy of the migrated template; the caller removes it. */
export async function databaseCopy(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'slugsmith-e2e-data-'));
  await copyTemplateTo(copy, 'migrated');
  return copy;
}
