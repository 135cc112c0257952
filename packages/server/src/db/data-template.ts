import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded data directory starts from a template: the data directory PGlite's initdb makes,
 * made once when the server is built and shipped as a gzipped tar. Running initdb at the first start
 * instead holds three WebAssembly instances at once (the database, a helper instance and initdb:
 * ~450 MB of memory, ~620 MB RSS at the peak); unpacking the template, streamed file by file, holds
 * one file's chunk. A template made by an older PGlite of the same major version opens as an
 * upgraded install's data directory does.
 */
export const DATA_TEMPLATE = new URL('../pglite-template.tar.gz', import.meta.url);

/** Written last: PGlite and the server take a directory with it for an initialised database. */
const VERSION_FILE = 'PG_VERSION';
const BLOCK = 512;

/** Runs PGlite's initdb in a temporary directory and packs the result into `file` (build time). */
export async function buildDataTemplate(file: string | URL): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'slugsmith-template-'));
  try {
    const db = await PGlite.create(dir);
    await db.close();
    const gzip = createGzip({ level: 9 });
    const written = pipeline(gzip, createWriteStream(file));
    for (const entry of await listTree(dir)) {
      if (entry.directory) gzip.write(tarHeader(entry.path, 0, '5'));
      else {
        const data = await readFile(join(dir, entry.path));
        if (
          !gzip.write(Buffer.concat([tarHeader(entry.path, data.length, '0'), data, padding(data.length)]))
        ) {
          await new Promise((resolve) => gzip.once('drain', resolve));
        }
      }
    }
    gzip.end(Buffer.alloc(2 * BLOCK));
    await written;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every directory and file under `dir`, relative with `/`, a directory before its contents. */
async function listTree(dir: string, under = ''): Promise<{ path: string; directory: boolean }[]> {
  const entries = await readdir(join(dir, under), { withFileTypes: true });
  const tree: { path: string; directory: boolean }[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) tree.push({ path, directory: true }, ...(await listTree(dir, path)));
    else if (entry.isFile() && entry.name !== 'postmaster.pid') tree.push({ path, directory: false });
  }
  return tree;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A ustar header: names up to 100 bytes (a PostgreSQL data directory's are far shorter). */
function tarHeader(path: string, size: number, type: '0' | '5'): Buffer {
  if (Buffer.byteLength(path) > 100) throw new Error(`template path too long for a tar header: ${path}`);
  const header = Buffer.alloc(BLOCK);
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
  header.write(path, 0);
  header.write(octal(type === '5' ? 0o700 : 0o600, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(0, 12), 136);
  header.write(type, 156);
  header.write('ustar\0' + '00', 257);
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** The header's byte sum with its checksum field counted as spaces. */
function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum;
}

/** A NUL-terminated header field. */
function field(header: Buffer, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end < 0 ? length : end).toString();
}

interface Entry {
  path: string;
  size: number;
  type: string;
}

function parseHeader(header: Buffer): Entry | undefined {
  if (header.every((byte) => byte === 0)) return undefined;
  if (Number.parseInt(field(header, 148, 8), 8) !== checksum(header))
    throw new Error('template: bad tar header');
  const prefix = field(header, 345, 155);
  const name = field(header, 0, 100);
  const path = normalize(prefix ? `${prefix}/${name}` : name).replace(/^\/+/, '');
  if (path.split(sep).includes('..')) throw new Error(`template: path outside the directory: ${path}`);
  return { path, size: Number.parseInt(field(header, 124, 12), 8) || 0, type: field(header, 156, 1) || '0' };
}

/** FileHandle.write may write part of a buffer. */
async function writeAll(file: FileHandle, data: Buffer): Promise<void> {
  for (let at = 0; at < data.length; ) at += (await file.write(data, at)).bytesWritten;
}

/**
 * Unpacks the template into `dataDir` (which exists and has no database), streaming: one chunk of
 * one file in memory at a time. PG_VERSION is written last, so an interrupted unpacking leaves a
 * directory the next start takes for new and unpacks again.
 */
export async function unpackDataTemplate(template: string | URL, dataDir: string): Promise<void> {
  const header = Buffer.alloc(BLOCK);
  let headerFill = 0;
  let file: FileHandle | undefined;
  let left = 0;
  let skip = 0;
  let versionFile: Buffer[] | undefined;
  let collectingVersion = false;
  let ended = false;
  try {
    for await (const chunk of createReadStream(template).pipe(createGunzip()) as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length && !ended) {
        if (left > 0) {
          const part = chunk.subarray(at, at + Math.min(left, chunk.length - at));
          if (collectingVersion) versionFile?.push(Buffer.from(part));
          else if (file) await writeAll(file, part);
          left -= part.length;
          at += part.length;
          if (left === 0) {
            await file?.close();
            file = undefined;
            collectingVersion = false;
          }
        } else if (skip > 0) {
          const n = Math.min(skip, chunk.length - at);
          skip -= n;
          at += n;
        } else {
          const n = Math.min(BLOCK - headerFill, chunk.length - at);
          chunk.copy(header, headerFill, at, at + n);
          headerFill += n;
          at += n;
          if (headerFill < BLOCK) continue;
          headerFill = 0;
          const entry = parseHeader(header);
          if (!entry) {
            ended = true;
            break;
          }
          const target = join(dataDir, entry.path);
          // The body's padding to a whole block follows it.
          skip = padding(entry.size).length;
          if (entry.type === '5') await mkdir(target, { recursive: true, mode: 0o700 });
          else if (entry.type === '0') {
            left = entry.size;
            if (entry.path === VERSION_FILE) {
              versionFile = [];
              collectingVersion = left > 0;
            } else {
              file = await open(target, 'w', 0o600);
              if (left === 0) {
                await file.close();
                file = undefined;
              }
            }
          } else throw new Error(`template: unexpected tar entry type ${entry.type} (${entry.path})`);
        }
      }
    }
  } finally {
    await file?.close();
  }
  if (!ended || !versionFile) throw new Error('template: incomplete archive');
  const version = await open(join(dataDir, VERSION_FILE), 'w', 0o600);
  try {
    await writeAll(version, Buffer.concat(versionFile));
    await version.sync();
  } finally {
    await version.close();
  }
}
