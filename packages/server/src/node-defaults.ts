// The Node flags the server runs with (README, first section), applied by the server itself so
// that `node dist/main.js`, the `slugsmith-server` bin, `npm start`, a container or a process
// manager all run it the same way. V8 reads heap sizes when the process starts, so they cannot be
// set from inside a running process: it re-executes itself with them (process.execve, same pid).

/**
 * Without the heap flags V8 sizes the heap from the machine's memory (a 128 MB young generation on
 * 24 GB) and the server idles ~120 MB higher; the WebAssembly flags keep the embedded database on
 * V8's baseline compiler (tiering up compiles one function with ~600 MB of compiler memory).
 */
export function nodeDefaultFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    '--max-semi-space-size=8',
    `--max-old-space-size=${env.HEAP_LIMIT_MB || 192}`,
    '--no-wasm-tier-up',
    '--no-wasm-dynamic-tiering',
  ];
}

/** `--no-wasm-tier-up`, `--wasm_tier_up=…` → `wasm-tier-up`: one name whatever the spelling. */
function flagName(arg: string): string {
  return arg
    .replace(/^--(no-)?/, '')
    .split('=', 1)[0]
    .replaceAll('_', '-');
}

/** The defaults not given on the command line or in NODE_OPTIONS: a flag the operator set wins. */
export function missingDefaultFlags(
  execArgv: readonly string[] = process.execArgv,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const given = new Set(
    [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].filter((a) => a.startsWith('--')).map(flagName),
  );
  return nodeDefaultFlags(env).filter((flag) => !given.has(flagName(flag)));
}

/** Whether this process can replace itself (process.execve: not on Windows, nor Node 22 before 22.15). */
export function canReexecute(): boolean {
  return typeof process.execve === 'function';
}

/** Replaces this process with a new image of itself: same pid, arguments and environment, `flags` added. */
export function reexecute(flags: readonly string[] = []): never {
  const [, ...args] = process.argv;
  return (process.execve as NonNullable<typeof process.execve>)(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, ...args],
    process.env,
  );
}

/**
 * Re-executes this process with the defaults it lacks (signals from a process manager still reach
 * the server). Returns when nothing is missing, or where it cannot re-execute: the server then runs
 * with V8's own sizing.
 */
export function applyNodeDefaults(): void {
  const missing = missingDefaultFlags();
  if (missing.length > 0 && canReexecute()) reexecute(missing);
}
