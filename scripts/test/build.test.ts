import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/build.mjs on a small workspace of its own: `lib` (its build copies src/ to dist/ and
 * notes each run in builds.log) and `app`, which depends on `lib`. Most steps ask `--dry-run`
 * what would be built; the first and the failing step really build.
 */
describe('build.mjs: builds what changed', () => {
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['scripts/build.mjs', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: result.status, out: result.stdout + result.stderr };
  };
  const wouldBuild = () =>
    [...run('--dry-run').out.matchAll(/would build (\S+) \((.+)\)/g)].map((m) => `${m[1]}: ${m[2]}`);
  const builds = () => readFileSync(join(dir, 'builds.log'), 'utf8').trim().split('\n');

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'slugsmith-build-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(new URL('../build.mjs', import.meta.url), join(dir, 'scripts', 'build.mjs'));
    write('package.json', JSON.stringify({ private: true, workspaces: ['packages/*'] }));
    write('package-lock.json', '{}');
    write('tsconfig.base.json', '{}');
    write('.gitignore', 'dist/\nbuilds.log\n');
    const builder =
      "const fs = require('node:fs'); if (fs.existsSync('FAIL')) process.exit(3);" +
      " fs.cpSync('src', 'dist', { recursive: true });" +
      " fs.appendFileSync('../../builds.log', require('./package.json').name + '\\n');";
    for (const [name, deps] of [
      ['lib', {}],
      ['app', { lib: '*' }],
    ] as const) {
      write(
        `packages/${name}/package.json`,
        JSON.stringify({ name, scripts: { build: 'node build.cjs' }, dependencies: deps }),
      );
      write(`packages/${name}/build.cjs`, builder);
      write(`packages/${name}/src/index.js`, `export const name = '${name}';\n`);
      write(`packages/${name}/test/index.test.js`, '// a test\n');
    }
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '.'], { cwd: dir });
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('builds every package the first time, then none until something changes', () => {
    expect(run().status).toBe(0);
    expect(builds()).toEqual(['app', 'lib']);
    const again = run();
    expect(again.out).toContain('up to date: app, lib');
    expect(builds()).toEqual(['app', 'lib']);
  });

  it('rebuilds a package whose source changed, and the packages that depend on it', () => {
    write('packages/app/src/index.js', "export const name = 'app, changed';\n");
    expect(wouldBuild()).toEqual(['app: sources changed']);
    write('packages/lib/src/index.js', "export const name = 'lib, changed';\n");
    expect(wouldBuild()).toEqual(['app: sources changed', 'lib: sources changed']);
    expect(run().status).toBe(0);
    expect(wouldBuild()).toEqual([]);
  });

  it("counts a package's own tests, not those of the packages it depends on", () => {
    write('packages/lib/test/index.test.js', '// another test\n');
    expect(wouldBuild()).toEqual(['lib: sources changed']);
    write('packages/lib/test/index.test.js', '// a test\n');
    expect(wouldBuild()).toEqual([]);
  });

  it('sees new and deleted files, lockfile changes and a changed dist; a file written again unchanged is no change', () => {
    write('packages/app/src/extra.js', 'export {};\n');
    expect(wouldBuild()).toEqual(['app: sources changed']);
    unlinkSync(join(dir, 'packages/app/src/extra.js'));
    expect(wouldBuild()).toEqual([]);
    write('package-lock.json', '{"lockfileVersion": 3}');
    expect(wouldBuild()).toEqual(['app: sources changed', 'lib: sources changed']);
    write('package-lock.json', '{}');
    write('packages/lib/src/index.js', readFileSync(join(dir, 'packages/lib/src/index.js'), 'utf8'));
    expect(wouldBuild()).toEqual([]);
    unlinkSync(join(dir, 'packages/lib/dist/index.js'));
    expect(wouldBuild()).toEqual(['lib: dist changed']);
    expect(run('--force', '--dry-run').out).toContain('would build app (--force)');
  });

  it('shows the output of a build that fails and builds it again next time', () => {
    write('packages/lib/FAIL', '');
    const failed = run();
    expect(failed.status).not.toBe(0);
    expect(failed.out).toContain('building lib (sources changed) … failed');
    expect(failed.out).toContain('npm error code 3');
    unlinkSync(join(dir, 'packages/lib/FAIL'));
    expect(wouldBuild()).toEqual(['lib: dist changed']);
    expect(run().status).toBe(0);
    expect(wouldBuild()).toEqual([]);
  });
});
