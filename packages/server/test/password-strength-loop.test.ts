import { performance } from 'node:perf_hooks';
import { freePort } from '@slugsmith/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closeApp, TestContext, testConfig } from './support/app.js';
import { OidcFlow } from './support/oidc-flow.js';

/**
 * Issue 30 item 4: zxcvbn's estimate grows steeply with length and repetition, and the strength
 * route and sign-up reach it anonymously. Hostile 1 kB bodies must not hold the event loop
 * (measured as the loop's active time, perf_hooks' eventLoopUtilization, and this thread's CPU
 * time while they are answered), and one address cannot ask without end.
 */
const hostile = [
  'aA1!',
  'zxcvbnm,./',
  '0a0b0c0d',
  'X9l2#x',
  '1qaz2wsx',
  'p@ssw0rd',
  '19871987',
  '$213!i',
  'L4l',
].map((unit) => unit.repeat(Math.ceil(1024 / unit.length)).slice(0, 1024));
const longEmail = `${'qwerty'.repeat(40)}@example.com`.slice(-254);

function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

describe('password strength off the event loop', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const config = testConfig('pglite');
    ctx = new TestContext(await buildApp(config), config);
    // The first estimate starts the worker and loads its dictionaries; not what is measured.
    await ctx.request('POST', '/api/v1/account/password-strength', { body: { password: 'warm up' } });
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  const strength = (password: string, email?: string, remoteAddress = '198.51.100.7') =>
    ctx.app.server.inject({
      method: 'POST',
      url: '/api/v1/account/password-strength',
      remoteAddress,
      payload: { password, ...(email && { email }) },
    });

  it('hostile 1 kB passwords hold the loop for less than 50 ms each, answered with a verdict', async () => {
    const cpuBefore = threadCpuMs();
    const before = performance.eventLoopUtilization();
    const answers = await Promise.all(hostile.flatMap((pw) => [strength(pw), strength(pw, longEmail)]));
    const loop = performance.eventLoopUtilization(before);
    const cpuPerRequest = (threadCpuMs() - cpuBefore) / answers.length;
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ score: expect.any(Number), acceptable: expect.any(Boolean) });
    }
    // The loop's active time while they were answered, per request: under 50 ms (estimating on
    // the loop, 18 such bodies held it ~11.7 s in one run). Active time, unlike the gaps between
    // timers, does not count the idle waits a loaded machine stretches.
    const perRequestMs = loop.active / answers.length;
    const seen = `${loop.active.toFixed(0)} ms active, ${cpuPerRequest.toFixed(1)} ms CPU per request`;
    expect(perRequestMs, seen).toBeLessThan(50);
    // This thread's CPU time (process.threadCpuUsage: not the estimator's worker, and it does not
    // grow while other processes hold the cores) bounds the longest block of the loop.
    expect(cpuPerRequest, seen).toBeLessThan(50);
  });

  it('one address is throttled (429 in the house format), another is not', async () => {
    let refused: Awaited<ReturnType<typeof strength>> | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const r = await strength(`candidate ${i} phrase`, undefined, '198.51.100.99');
      if (r.statusCode === 429) refused = r;
      else expect(r.statusCode).toBe(200);
    }
    expect(refused?.json()).toMatchObject({
      code: 429,
      message: 'Too many attempts. Try again later',
      details: { reason: 'throttled', retry_after: expect.any(Number) },
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await strength('another visitor here', undefined, '198.51.100.100')).statusCode).toBe(200);
  });
});

describe('sign-up with hostile passwords off the event loop', () => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Every form here is one sign-up from loopback: the per-address limit is raised for this file.
    const config = testConfig('pglite', {
      PUBLIC_URL: base,
      PORT: String(port),
      SIGN_UPS_PER_ADDRESS: '1000',
    });
    ctx = new TestContext(await buildApp(config), config);
    await ctx.app.server.listen({ port, host: '127.0.0.1' });
    await ctx.request('POST', '/api/v1/account/password-strength', { body: { password: 'warm up' } });
  });
  afterAll(async () => {
    if (ctx) await closeApp(ctx.app, ctx.config);
  });

  /** The loop's active time per sign-up while `forms` are posted at once (interactions opened first). */
  async function activePerSignUp(forms: { email: string; password: string }[]) {
    const flows = await Promise.all(
      forms.map(async () => {
        const flow = new OidcFlow(base);
        await flow.start({ screen_hint: 'signup' });
        return flow;
      }),
    );
    const before = performance.eventLoopUtilization();
    const statuses = await Promise.all(
      flows.map(async (flow, i) => {
        const form = forms[i] as { email: string; password: string };
        return (await flow.signUp(form.email, form.password)).status;
      }),
    );
    const loop = performance.eventLoopUtilization(before);
    // Refused on the page (400) or accepted (200, check your inbox): judged either way, never a server error.
    expect(
      statuses.every((s) => s === 400 || s === 200),
      String(statuses),
    ).toBe(true);
    return loop.active / forms.length;
  }

  it('sign-ups with 1 kB passwords and 254-character addresses cost the loop no more than ordinary ones', async () => {
    // A sign-up's own work (database, provider) runs on the loop too, and a loaded machine
    // stretches it: hostile forms are compared with ordinary ones sent the same way.
    const ordinary = await activePerSignUp(
      hostile.flatMap((_, i) =>
        [0, 1].map((j) => ({
          email: `plain-${i}-${j}@example.com`,
          password: 'correct horse battery staple',
        })),
      ),
    );
    const hostileCost = await activePerSignUp(
      hostile.flatMap((pw, i) =>
        [0, 1].map((j) => ({ email: `${i}${j}${longEmail.slice(2)}`, password: pw })),
      ),
    );
    const seen = `per sign-up: hostile ${hostileCost.toFixed(1)} ms, ordinary ${ordinary.toFixed(1)} ms of loop`;
    expect(hostileCost - ordinary, seen).toBeLessThan(50);
  });
});
