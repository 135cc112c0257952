import { describe, expect, it } from 'vitest';
import {
  type Check,
  type CheckResult,
  pendingResults,
  runCheck,
  runChecks,
  SkipCheck,
  summary,
} from '../src/routes/test-functionality/self-check.js';

/** A clock that advances by the given steps, one per reading. */
function clock(...readings: number[]) {
  let i = 0;
  return () => readings[Math.min(i++, readings.length - 1)];
}

const ctx = (signedIn: boolean) => ({
  signedIn,
  lang: 'en-GB',
  signal: new AbortController().signal,
  found: new Map(),
});

describe('install self-check (/test-functionality)', () => {
  it('times a passing check and keeps its detail', async () => {
    const check: Check = { id: 'ping', needsSignIn: false, run: async () => 'ok' };
    expect(await runCheck(check, ctx(false), { now: clock(100, 142.6) })).toEqual({
      id: 'ping',
      status: 'pass',
      ms: 43,
      detail: 'ok',
    });
  });

  it('times a failing check and describes its error', async () => {
    const check: Check = {
      id: 'forge',
      needsSignIn: false,
      run: async () => {
        throw new Error('Invalid signature');
      },
    };
    expect(await runCheck(check, ctx(false), { now: clock(0, 12) })).toEqual({
      id: 'forge',
      status: 'fail',
      ms: 12,
      error: 'Invalid signature',
    });
    const described = await runCheck(check, ctx(false), { describe: (e) => `401 ${(e as Error).message}` });
    expect(described.error).toBe('401 Invalid signature');
  });

  it('skips a sign-in check for a visitor without calling it, and lets a check skip itself', async () => {
    let called = false;
    const orgs: Check = {
      id: 'orgs',
      needsSignIn: true,
      run: async () => {
        called = true;
        return undefined;
      },
    };
    expect(await runCheck(orgs, ctx(false))).toEqual({ id: 'orgs', status: 'skipped', skipped: 'signIn' });
    expect(called).toBe(false);
    const series: Check = {
      id: 'series',
      needsSignIn: true,
      run: async () => {
        throw new SkipCheck('noOrg');
      },
    };
    expect(await runCheck(series, ctx(true))).toEqual({ id: 'series', status: 'skipped', skipped: 'noOrg' });
  });

  it('runs the checks in order, reporting each state, and later checks see what earlier ones found', async () => {
    const checks: Check[] = [
      {
        id: 'orgs',
        needsSignIn: true,
        run: async ({ found }) => {
          found.set('org', 'acme');
          return { key: 'orgs', values: { n: 1 } };
        },
      },
      {
        id: 'series',
        needsSignIn: true,
        run: async ({ found, lang }) => `series of ${found.get('org')} ${lang}`,
      },
    ];
    const reports: CheckResult[][] = [];
    const results = await runChecks(
      checks,
      { signedIn: true, lang: 'de-DE', signal: new AbortController().signal, now: () => 0 },
      (r) => reports.push(r),
    );
    expect(reports.map((r) => r.map((c) => c.status).join(','))).toEqual([
      'running,pending',
      'pass,pending',
      'pass,running',
      'pass,pass',
    ]);
    expect(results[1].detail).toBe('series of acme de-DE');
    expect(summary(results)).toEqual({ pass: 2, fail: 0, skipped: 0 });
  });

  it('stops when a new run aborts this one', async () => {
    const controller = new AbortController();
    const checks: Check[] = [
      {
        id: 'a',
        needsSignIn: false,
        run: async () => {
          controller.abort();
          return undefined;
        },
      },
      { id: 'b', needsSignIn: false, run: async () => 'never' },
    ];
    const results = await runChecks(
      checks,
      { signedIn: false, lang: 'en-GB', signal: controller.signal },
      () => undefined,
    );
    expect(results.map((r) => r.status)).toEqual(['pass', 'pending']);
  });

  it('counts outcomes and starts every check as pending', () => {
    const checks: Check[] = ['a', 'b', 'c'].map((id) => ({
      id,
      needsSignIn: false,
      run: async () => undefined,
    }));
    expect(pendingResults(checks).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(
      summary([
        { id: 'a', status: 'pass' },
        { id: 'b', status: 'fail' },
        { id: 'c', status: 'skipped' },
        { id: 'd', status: 'skipped' },
        { id: 'e', status: 'running' },
      ]),
    ).toEqual({ pass: 1, fail: 1, skipped: 2 });
  });
});
