// The build is deterministic and the shipped bundle is exactly what the build script makes.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentBundleId } from '../src/index.js';
import { BUNDLES_DIR, runBuild } from './helpers.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'slugsmith-dict-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('build-data', () => {
  it('two independent builds give byte-identical bundles, equal to the shipped current bundle', async () => {
    const [a, b] = [tempDir(), tempDir()];
    // Two separate processes, so nothing is shared between the runs.
    await Promise.all([runBuild(a), runBuild(b)]);
    const indexA = JSON.parse(readFileSync(join(a, 'index.json'), 'utf8'));
    const indexB = JSON.parse(readFileSync(join(b, 'index.json'), 'utf8'));
    expect(indexA).toEqual(indexB);
    expect(readdirSync(a).sort()).toEqual(readdirSync(b).sort());
    const file = `${indexA.current}.json`;
    const textA = readFileSync(join(a, file), 'utf8');
    expect(readFileSync(join(b, file), 'utf8')).toBe(textA);

    // No drift between lists/, the build script and the committed bundle.
    expect(indexA.current).toBe(currentBundleId);
    expect(textA).toBe(readFileSync(join(BUNDLES_DIR, file), 'utf8'));
  });
});
