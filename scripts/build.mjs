#!/usr/bin/env node
/**
 * Builds the workspace packages whose inputs changed since their last build, so that `npm start`
 * and `npm test` do not rebuild everything each time.
 *
 *   node scripts/build.mjs [--force] [--dry-run] [package name …]   (default: every package that
 *                                                                    has a build script)
 *
 * A package's inputs are its own files plus the code files of the workspace packages it depends
 * on, directly or not (their tests, benchmarks and scripts excluded: no other build reads them),
 * `package-lock.json`, `tsconfig.base.json` and, for a Vite build, the `VITE_*` variables and its
 * `.env*` files. Files are those git sees (tracked, or untracked and not ignored), each counted by
 * path and content (not modification time: a checkout that restores a file changes nothing).
 * After a successful build the script records that fingerprint with one of the package's
 * `dist/`; a package is skipped only when both still match, so a changed, added or deleted
 * source, a failed build or a changed `dist/` all build again.
 * Without git every package is built.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampDir = join(root, 'node_modules', '.cache', 'slugsmith-build');
const sharedInputs = ['package-lock.json', 'tsconfig.base.json'];
const codeFile = /\.(?:[cm]?[jt]sx?|json|css)$/;
const notReadByOtherBuilds =
  /(?:^|\/)(?:test|tests|__tests__|e2e|bench|scripts)\/|\.(?:test|spec)\.[cm]?[jt]sx?$/;

/** The workspace packages in npm's order (the order `npm run build --workspaces` used). */
function workspacePackages() {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      const deps = Object.keys({
        ...pkg.dependencies,
        ...pkg.devDependencies,
        ...pkg.peerDependencies,
        ...pkg.optionalDependencies,
      });
      return { name: pkg.name, dir, build: pkg.scripts?.build, deps };
    });
}

/** Files git sees under the project, relative and with `/`, or undefined without git. */
function visibleFiles() {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

const digests = new Map();

/** The file's content hash, read once per run; undefined when it is missing. */
function digest(path) {
  if (!digests.has(path)) {
    let value;
    try {
      value = createHash('sha256')
        .update(readFileSync(join(root, path)))
        .digest('hex');
    } catch {}
    digests.set(path, value);
  }
  return digests.get(path);
}

/** A hash of the paths and contents of the files, in sorted order; a missing file counts as such. */
function fingerprint(paths, extra = []) {
  const hash = createHash('sha256');
  for (const line of extra) hash.update(`${line}\n`);
  for (const path of [...new Set(paths)].sort()) hash.update(`${path}\0${digest(path) ?? 'missing'}\n`);
  return hash.digest('hex');
}

function listDir(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

function inputsOf(pkg, byName, files) {
  const seen = new Set();
  const pending = [...pkg.deps];
  while (pending.length > 0) {
    const dep = byName.get(pending.pop());
    if (!dep || dep === pkg || seen.has(dep)) continue;
    seen.add(dep);
    pending.push(...dep.deps);
  }
  const under = (dir) => files.filter((file) => file.startsWith(`${dir}/`));
  const own = under(pkg.dir);
  const fromDeps = [...seen].flatMap((dep) =>
    under(dep.dir).filter((file) => {
      const inside = file.slice(dep.dir.length + 1);
      return codeFile.test(inside) && !notReadByOtherBuilds.test(inside);
    }),
  );
  const extra = [];
  if (/\bvite\b/.test(pkg.build)) {
    // Vite reads `.env*` (often git-ignored) and bakes VITE_* variables into the bundle.
    own.push(...listDir(pkg.dir).filter((file) => /\/\.env[^/]*$/.test(file)));
    for (const [key, value] of Object.entries(process.env).sort())
      if (key.startsWith('VITE_')) extra.push(`${key}=${value}`);
  }
  return fingerprint([...own, ...fromDeps, ...sharedInputs], extra);
}

const stampPath = (pkg) => join(stampDir, `${pkg.name.replace(/[@/]/g, '_')}.json`);

function readStamp(pkg) {
  try {
    return JSON.parse(readFileSync(stampPath(pkg), 'utf8'));
  } catch {
    return undefined;
  }
}

function build(pkg, reason) {
  const started = performance.now();
  process.stdout.write(`building ${pkg.name} (${reason}) … `);
  // Its output is shown only when it fails: a build that works has nothing to say at start-up.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: join(root, pkg.dir),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    process.stdout.write('failed\n');
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    if (result.error) console.error(result.error.message);
    process.exit(result.status || 1);
  }
  process.stdout.write(`${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Why `pkg` must be built, or undefined when its last build is current. */
function staleness(pkg, inputs, force) {
  if (force) return '--force';
  if (!inputs) return 'no git to compare sources';
  const stamp = readStamp(pkg);
  if (!stamp) return 'no earlier build';
  if (stamp.inputs !== inputs) return 'sources changed';
  if (stamp.outputs !== fingerprint(listDir(`${pkg.dir}/dist`))) return 'dist changed';
  return undefined;
}

function main(args) {
  const force = args.includes('--force');
  const dryRun = args.includes('--dry-run');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const packages = workspacePackages();
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  for (const name of names) if (!byName.has(name)) throw new Error(`no workspace package named ${name}`);
  const selected = packages.filter((pkg) => pkg.build && (names.length === 0 || names.includes(pkg.name)));
  const files = visibleFiles();
  const current = [];
  for (const pkg of selected) {
    // Taken before the build: a source saved while it runs makes the next start build again.
    const inputs = files && inputsOf(pkg, byName, files);
    const reason = staleness(pkg, inputs, force);
    if (!reason) current.push(pkg.name);
    else if (dryRun) console.log(`would build ${pkg.name} (${reason})`);
    else {
      build(pkg, reason);
      if (!inputs) continue;
      mkdirSync(stampDir, { recursive: true });
      // The build replaced dist/: forget what was read of it before.
      for (const path of digests.keys()) if (path.startsWith(`${pkg.dir}/dist/`)) digests.delete(path);
      const outputs = fingerprint(listDir(`${pkg.dir}/dist`));
      writeFileSync(stampPath(pkg), JSON.stringify({ inputs, outputs }));
    }
  }
  if (current.length > 0) console.log(`up to date: ${current.join(', ')}`);
}

main(process.argv.slice(2));
