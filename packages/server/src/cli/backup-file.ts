import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { DataItem } from './table-data.js';

/**
 * A backup file: gzip of text lines. The first names the format and carries the metadata; then
 * `T <table>`, its rows `R <json>`, sequences `S <name> <value> <is_called>`, and a last line
 * `E <rows per table>` without which the file is incomplete and refused.
 */
const MAGIC = 'slugsmith-backup 1';

export interface BackupMeta {
  /** When the snapshot was taken (the dumping transaction's start): what the counters are as of. */
  takenAt: string;
  /** The migrations the data was written under; restore builds exactly this schema first. */
  migrations: string[];
  source: 'pglite' | 'postgres';
}

export class BackupFileError extends Error {}

/** Writes `items` to `path` through a temporary file, so a half-written backup never bears the name. */
export async function writeBackupFile(
  path: string,
  meta: BackupMeta,
  items: AsyncIterable<DataItem>,
): Promise<Map<string, number>> {
  const partial = `${path}.partial`;
  // A backup holds password hashes, signing keys and licence keys: its owner alone reads it.
  const file = createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(file);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  const counts = new Map<string, number>();
  try {
    await write(`${MAGIC}\t${JSON.stringify(meta)}\n`);
    for await (const item of items) {
      if (item.type === 'table') {
        counts.set(item.table, 0);
        await write(`T\t${item.table}\n`);
      } else if (item.type === 'rows') {
        counts.set(item.table, (counts.get(item.table) ?? 0) + item.rows.length);
        await write(`R\t${item.rows.join('\nR\t')}\n`);
      } else {
        await write(`S\t${item.name}\t${item.lastValue}\t${item.isCalled ? 't' : 'f'}\n`);
      }
    }
    await write(`E\t${JSON.stringify(Object.fromEntries(counts))}\n`);
    gzip.end();
    await once(file, 'close');
    await rename(partial, path);
    return counts;
  } catch (error) {
    gzip.destroy();
    file.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** Opens a backup: its metadata at once, its data as a stream that fails on a damaged or cut file. */
export async function openBackupFile(
  path: string,
): Promise<{ meta: BackupMeta; items: AsyncGenerator<DataItem> }> {
  const file = createReadStream(path);
  const gunzip = createGunzip();
  // pipe() does not pass the file's errors on (a missing file would leave the reader waiting).
  file.on('error', (error) => gunzip.destroy(error));
  const iterator = createInterface({ input: file.pipe(gunzip), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupFileError(
      code === 'ENOENT'
        ? `${path}: no such file`
        : `${path} is not a Slugsmith backup (${code?.startsWith('Z_') ? 'not a gzip file' : (error as Error).message})`,
    );
  }
  const [magic, metaText] = first.done ? [] : first.value.split('\t');
  const meta = magic === MAGIC && metaText !== undefined ? parseMeta(metaText) : undefined;
  if (!meta) throw new BackupFileError(`${path} is not a Slugsmith backup`);
  return { meta, items: parseItems(path, iterator) };
}

function parseMeta(text: string): BackupMeta | undefined {
  try {
    const meta = JSON.parse(text) as Partial<BackupMeta>;
    const valid =
      typeof meta.takenAt === 'string' && Array.isArray(meta.migrations) && typeof meta.source === 'string';
    return valid ? (meta as BackupMeta) : undefined;
  } catch {
    return undefined;
  }
}

async function* parseItems(path: string, lines: AsyncIterator<string>): AsyncGenerator<DataItem> {
  const counts = new Map<string, number>();
  let table: string | undefined;
  let rows: string[] = [];
  const flush = function* (): Generator<DataItem> {
    if (table !== undefined && rows.length > 0) yield { type: 'rows', table, rows };
    rows = [];
  };
  // A cut gzip stream fails inside the decompressor: said as what it means to the operator.
  const next = () =>
    lines.next().catch((error: Error) => {
      throw new BackupFileError(`${path} is damaged or cut short (${error.message})`);
    });
  for (let line = await next(); !line.done; line = await next()) {
    const text = line.value;
    const kind = text.slice(0, 2);
    if (kind === 'R\t') {
      if (table === undefined) throw new BackupFileError(`${path}: a row before any table`);
      rows.push(text.slice(2));
      counts.set(table, (counts.get(table) ?? 0) + 1);
      if (rows.length >= 2000) yield* flush();
      continue;
    }
    yield* flush();
    const fields = text.split('\t');
    if (kind === 'T\t') {
      table = fields[1];
      counts.set(table, 0);
      yield { type: 'table', table };
    } else if (kind === 'S\t' && fields.length === 4) {
      yield { type: 'sequence', name: fields[1], lastValue: fields[2], isCalled: fields[3] === 't' };
    } else if (kind === 'E\t') {
      const expected = JSON.parse(fields[1]) as Record<string, number>;
      const damaged = Object.entries(expected).filter(([t, n]) => counts.get(t) !== n);
      if (damaged.length > 0)
        throw new BackupFileError(
          `${path} is damaged: rows missing in ${damaged.map(([t]) => t).join(', ')}`,
        );
      return;
    } else {
      throw new BackupFileError(`${path} is damaged: unexpected line ${JSON.stringify(text.slice(0, 40))}`);
    }
  }
  throw new BackupFileError(`${path} is incomplete: it ends before its last line (a cut or partial copy)`);
}
