import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../scripts/precompress.js';

describe('precompress (the build step behind the server’s preCompressed files)', () => {
  let dir: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slugsmith-precompress-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, 'locales', 'de-DE'), { recursive: true });
    await writeFile(join(dir, 'assets', 'app-1a2b.js'), script);
    await writeFile(
      join(dir, 'locales', 'de-DE', 'common.json'),
      JSON.stringify({ hello: 'Hallo '.repeat(50) }),
    );
    await writeFile(join(dir, 'tiny.json'), '{}');
    await writeFile(join(dir, 'logo.png'), Buffer.alloc(2048, 7));
    // A copy left from an earlier build of a file that no longer compresses.
    await writeFile(join(dir, 'tiny.json.br'), 'stale');
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies that decompress to the file, only where they are smaller', async () => {
    const result = await precompress(dir);
    expect(result.files).toBe(3);
    for (const file of ['assets/app-1a2b.js', 'locales/de-DE/common.json']) {
      const original = await readFile(join(dir, file));
      const br = await readFile(join(dir, `${file}.br`));
      const gz = await readFile(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length / 3);
    }
    expect(result.brotliBytes).toBeLessThan(result.bytes);
    // Two bytes do not compress: no copy, and the stale one is gone. Images are left alone.
    expect((await readdir(dir)).sort()).toEqual(['assets', 'locales', 'logo.png', 'tiny.json']);
  });
});
