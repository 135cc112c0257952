/**
 * Precompression of the built console: next to every text file of `dist/` a brotli (`.br`) and a
 * gzip (`.gz`) copy, which the server sends as they are to browsers that accept them
 * (`@fastify/static` with `preCompressed`). Compressing once at build, at the highest levels,
 * costs seconds there and nothing per request.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Types that compress; images and fonts of the console are already compressed formats. */
const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` for every compressible file under `dir`, each only when it is
 * smaller than the file (a tiny file can grow). Stale copies of an earlier run are replaced or
 * removed, so a copy never disagrees with its file.
 */
export async function precompress(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await listFiles(dir)).filter((file) => compressible.has(extname(file)));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      result.files++;
      result.bytes += data.length;
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gzipped],
      ] as const) {
        if (copy.length < data.length) {
          await writeFile(file + suffix, copy);
          result[suffix === '.br' ? 'brotliBytes' : 'gzipBytes'] += copy.length;
        } else {
          await rm(file + suffix, { force: true });
          result[suffix === '.br' ? 'brotliBytes' : 'gzipBytes'] += data.length;
        }
      }
    }),
  );
  return result;
}

/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'slugsmith:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const started = performance.now();
      const { files, bytes, brotliBytes, gzipBytes } = await precompress(outDir);
      const kB = (n: number) => `${Math.round(n / 1000)} kB`;
      logger?.info(
        `precompressed ${files} files, ${kB(bytes)} → brotli ${kB(brotliBytes)}, gzip ${kB(gzipBytes)} ` +
          `(${Math.round(performance.now() - started)} ms)`,
      );
    },
  };
}
