// The sandbox's controls for staff and tests: its clock (moved forward to reach renewals, trial
// ends and dunning retries) and running what is due now.
import { ErrorBody } from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sandbox } from './context.js';

/** Ten sandbox years: far enough for any renewal or dunning test, small enough to stay exact. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 86_400;

const SandboxClockBody = z
  .object({
    advance_seconds: z
      .number()
      .int('Must be a whole number')
      .min(1, 'Minimum value is 1')
      .max(MAX_ADVANCE_SECONDS, `Maximum value is ${MAX_ADVANCE_SECONDS}`),
  })
  .strict();
const SandboxClock = z.object({ now: z.string(), offset_seconds: z.number().int() });
const SandboxRun = z.object({ now: z.string(), renewed: z.number().int(), delivered: z.number().int() });

/** What the controls run besides the clock (the provider's runDue). */
export interface SandboxControls {
  runDue(): Promise<{ renewed: number; delivered: number }>;
}

/** Staff: read and move the sandbox's clock, run due renewals and deliveries now. */
export function sandboxControlRoutes(
  app: FastifyInstance,
  sandbox: Sandbox,
  controls: SandboxControls,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  const clockAnswer = async () => ({
    now: (await sandbox.clock.now()).toISOString(),
    offset_seconds: await sandbox.clock.offsetSeconds(),
  });

  r.get('/admin/local/clock', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Local sandbox: its clock (real time plus the offset staff moved it by)',
      description: "Staff: the local sandbox's clock, real time plus the offset staff moved it forward by.",
      response: { 200: SandboxClock, ...errors },
    },
    handler: clockAnswer,
  });

  r.post('/admin/local/clock', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Local sandbox: move its clock forward (renewals, trials, dunning retries); kept across restarts',
      description:
        "Staff: moves the local sandbox's clock forward to test renewals, trial ends and payment retries; the offset is kept across restarts.",
      body: SandboxClockBody,
      response: { 200: SandboxClock, ...errors },
    },
    handler: async (request) => {
      await sandbox.clock.advance(request.body.advance_seconds);
      return clockAnswer();
    },
  });

  r.post('/admin/local/run', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Local sandbox: run due renewals and webhook deliveries now',
      description:
        "Staff: runs the local sandbox's due renewals and webhook deliveries now instead of on their schedule.",
      response: { 200: SandboxRun, ...errors },
    },
    handler: async () => {
      const done = await controls.runDue();
      return { now: (await sandbox.clock.now()).toISOString(), ...done };
    },
  });
}
