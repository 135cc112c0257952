/**
 * The install self-check: a list of named checks, each one real API call from the browser, run in
 * order with its own timing. A check that needs sign-in is skipped for a visitor; a check may also
 * skip itself when what it needs is absent (no organisation, no SDK config). Pure of React and
 * of the API: the calls are passed in, so the runner is tested without a server.
 */

export type CheckStatus = 'pending' | 'running' | 'pass' | 'fail' | 'skipped';

/** Why a check was skipped: the key of its explanation in the catalogue. */
export type SkipReason = 'signIn' | 'noOrg' | 'noSdkConfig';

/** Thrown by a check to skip itself. */
export class SkipCheck extends Error {
  override readonly name = 'SkipCheck';
  constructor(readonly reason: SkipReason) {
    super(reason);
  }
}

/** What a passed check found: literal text (a slug) or a catalogue key with its values (a count). */
export type CheckDetail = string | { key: string; values: Record<string, string | number> };

export interface CheckContext {
  signedIn: boolean;
  /** The interface language, for calls that answer per language. */
  lang: string;
  signal: AbortSignal;
  /** Values earlier checks found (e.g. the first organisation), for later checks. */
  found: Map<string, unknown>;
}

export interface Check {
  id: string;
  /** Sign-in needed: skipped for visitors ("skipped: sign in"). */
  needsSignIn: boolean;
  /** Does the call; answers a short detail (a count, a slug) shown beside the result. */
  run: (ctx: CheckContext) => Promise<CheckDetail | undefined>;
}

export interface CheckResult {
  id: string;
  status: CheckStatus;
  /** Milliseconds the call took (pass and fail only). */
  ms?: number;
  detail?: CheckDetail;
  error?: string;
  skipped?: SkipReason;
}

export const pendingResults = (checks: readonly Check[]): CheckResult[] =>
  checks.map((c) => ({ id: c.id, status: 'pending' }));

function message(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export interface RunOptions {
  /** The clock, in milliseconds. */
  now?: () => number;
  /** The words of a failure (the console translates the server's known messages). */
  describe?: (error: unknown) => string;
}

/** Runs one check and times it. */
export async function runCheck(
  check: Check,
  ctx: CheckContext,
  options: RunOptions = {},
): Promise<CheckResult> {
  const { now = () => performance.now(), describe = message } = options;
  if (check.needsSignIn && !ctx.signedIn) return { id: check.id, status: 'skipped', skipped: 'signIn' };
  const started = now();
  try {
    const detail = await check.run(ctx);
    return { id: check.id, status: 'pass', ms: Math.round(now() - started), detail };
  } catch (error) {
    if (error instanceof SkipCheck) return { id: check.id, status: 'skipped', skipped: error.reason };
    return { id: check.id, status: 'fail', ms: Math.round(now() - started), error: describe(error) };
  }
}

/**
 * Runs the checks one after the other (later ones may use what earlier ones found), reporting
 * each state change; stops early when the signal aborts (a new run replaces this one).
 */
export async function runChecks(
  checks: readonly Check[],
  options: RunOptions & { signedIn: boolean; lang: string; signal: AbortSignal },
  report: (results: CheckResult[]) => void,
): Promise<CheckResult[]> {
  const results = pendingResults(checks);
  const ctx: CheckContext = {
    signedIn: options.signedIn,
    lang: options.lang,
    signal: options.signal,
    found: new Map(),
  };
  for (const [i, check] of checks.entries()) {
    if (options.signal.aborted) break;
    results[i] = { id: check.id, status: 'running' };
    report([...results]);
    results[i] = await runCheck(check, ctx, options);
    if (options.signal.aborted) break;
    report([...results]);
  }
  return results;
}

/** Counts by outcome, for the summary line. */
export function summary(results: readonly CheckResult[]): Record<'pass' | 'fail' | 'skipped', number> {
  const count = { pass: 0, fail: 0, skipped: 0 };
  for (const r of results) if (r.status in count) count[r.status as keyof typeof count]++;
  return count;
}
