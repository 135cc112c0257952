import type { RawExec } from '../db/connect.js';
import { applyMigrations } from '../db/migrate.js';
import { migrations as allMigrations } from '../db/migrations/index.js';
import { type Catalogue, readCatalogue } from './catalogue.js';
import { CommandError } from './command.js';
import { type DataItem, writeData } from './table-data.js';

/** Refuses data written under migrations this version does not know (a newer Slugsmith). */
export function checkMigrationsKnown(ids: readonly string[], what: string): void {
  const known = new Set(allMigrations.map((m) => m.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new CommandError(
      `${what} was written by a newer Slugsmith (migrations ${unknown.join(', ')}); use that version or later`,
    );
  }
}

/**
 * Loads data into an empty schema inside the caller's transaction: builds the schema the data was
 * written under (exactly its migrations), writes the rows, and lets `beforeUpgrade` look at the
 * result before newer migrations run as on any upgrade.
 */
export async function loadIntoEmptySchema(
  exec: RawExec,
  migrationIds: readonly string[],
  items: AsyncIterable<DataItem>,
  beforeUpgrade: (catalogue: Catalogue, rows: Map<string, number>) => Promise<void>,
): Promise<{ rows: Map<string, number>; upgraded: string[] }> {
  const wanted = new Set(migrationIds);
  await applyMigrations(
    exec,
    allMigrations.filter((m) => wanted.has(m.id)),
  );
  const catalogue = await readCatalogue(exec);
  const rows = await writeData(exec, catalogue, items);
  await beforeUpgrade(catalogue, rows);
  const upgraded = await applyMigrations(exec, allMigrations);
  return { rows, upgraded };
}
