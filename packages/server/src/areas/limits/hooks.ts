import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { requireKey } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import type { Caches } from '../../platform/cache.js';
import type { Config } from '../../platform/config.js';
import { replyHeaders } from '../../platform/reply-headers.js';
import { saasLimits } from '../plans/effective-limits.js';
import { type Admission, LimitRefusal, PlanLimits, type Remaining } from './enforcer.js';
import { type GenerationCall, sliceWindowRefusal } from './policy.js';
import { limitStore } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plan enforcement of generation calls (MCP tools go through it too). */
    planLimits: PlanLimits;
  }
  interface FastifyRequest {
    /** Set on generation calls the plan let through; null on every other request. */
    admission: Admission | null;
  }
}

/**
 * The plan enforcement of one app: the store REDIS_URL selects, limits from the plans area. A
 * Redis that is not reachable at start-up is waited for briefly; until it is, each node counts
 * in its own memory.
 */
export async function createPlanLimits(
  db: Db,
  caches: Caches,
  config: Pick<Config, 'redisUrl'>,
  app: FastifyInstance,
  options: { enforce?: boolean } = {},
): Promise<PlanLimits> {
  const limits = new PlanLimits({
    enforce: options.enforce,
    store: limitStore(config.redisUrl),
    limitsOf: (orgId) => saasLimits(db, caches, orgId),
    onStoreError: (error) => app.log.warn({ err: error }, 'rate-limit store failed; call let through'),
  });
  if (!(await limits.ready(REDIS_START_WAIT_MS))) {
    app.log.warn('Redis for rate limits is not reachable yet: counting per node until it is');
  }
  return limits;
}

const REDIS_START_WAIT_MS = 3_000;

interface Body {
  pattern?: string;
  count?: number;
}

/** The generation routes enforcement covers (paths under the API prefix) and what each asks for. */
const CALLS: Record<string, (body: Body) => GenerationCall> = {
  '/gen/forge': (b) => ({ kind: 'forge', stream: false, count: b.count ?? 1, pattern: b.pattern }),
  '/gen/forge/stream': (b) => ({ kind: 'forge', stream: true, count: b.count ?? 1, pattern: b.pattern }),
  '/gen/mint': (b) => ({ kind: 'mint', stream: false, count: b.count ?? 0 }),
  '/gen/mint/stream': (b) => ({ kind: 'mint', stream: true, count: b.count ?? 0 }),
  '/gen/slice': (b) => ({ kind: 'slice', stream: false, count: b.count ?? 0 }),
  '/gen/slice/stream': (b) => ({ kind: 'slice', stream: true, count: b.count ?? 0 }),
  '/gen/reset': () => ({ kind: 'reset', stream: false, count: 0 }),
  '/gen/pattern-info': () => ({ kind: 'pattern-info', stream: false, count: 0 }),
};

// Stored directly, each name from its own site (see replyHeaders), as strings: Node would turn a
// number into text twice (to check it, then to write it).
function setRemaining(reply: FastifyReply, r: Remaining): void {
  const headers = replyHeaders(reply);
  headers[RATE_LIMIT_HEADERS.rpm] = String(r.rpm);
  headers[RATE_LIMIT_HEADERS.daily] = String(r.daily);
  headers[RATE_LIMIT_HEADERS.monthly] = String(r.monthly);
  headers[RATE_LIMIT_HEADERS.lifetime] = String(r.lifetime);
}

/** A refusal's headers on the answer; the error goes on to the error handler. */
function refused(reply: FastifyReply, error: unknown): Error {
  if (error instanceof LimitRefusal) {
    setRemaining(reply, error.remaining);
    if (error.reason) reply.header(RATE_LIMIT_HEADERS.reason, error.reason);
    if (error.retryAfter !== undefined) {
      reply.header(RATE_LIMIT_HEADERS.retryAfter, error.retryAfter);
      reply.header('retry-after', error.retryAfter);
    }
  }
  return error as Error;
}

function admitted(
  request: FastifyRequest,
  reply: FastifyReply,
  admission: Admission,
  done: () => void,
): void {
  request.admission = admission;
  setRemaining(reply, admission.remaining);
  done();
}

function enforcer(describe: (body: Body) => GenerationCall): preHandlerHookHandler {
  // A callback hook: an admission answered at once (memory store) goes on without a promise or
  // a closure.
  return function enforcePlan(request, reply, done) {
    let admission: ReturnType<PlanLimits['admit']>;
    try {
      admission = request.server.planLimits.admit(
        requireKey(request),
        describe((request.body ?? {}) as Body),
      );
    } catch (error) {
      return done(refused(reply, error));
    }
    if (admission instanceof Promise) {
      admission.then(
        (a) => admitted(request, reply, a, done),
        (error) => done(refused(reply, error)),
      );
    } else admitted(request, reply, admission, done);
  };
}

/** A call that failed (4xx/5xx) gets its slugs back into the quotas. */
const refundFailed: onResponseHookHandler = (request, reply, done) => {
  // The refund reports its own store errors; the answer is already sent.
  if (request.admission && reply.statusCode >= 400) void request.admission.refund();
  done();
};

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Puts plan enforcement in front of the generation routes registered after it in `app`: a
 * preHandler (the body is validated, so counts and patterns are known) and a refund on failure;
 * nothing when the app was built with `limits: { enforce: false }` (benchmarks only).
 */
export function installGenerationLimits(app: FastifyInstance): void {
  // A benchmark's baseline without limits: the routes run as if no plan existed.
  if (!app.planLimits.enforcing) return;
  // Declared, so that every request is built with the property: set only on admitted calls, it
  // would give those requests a hidden class of their own, and Fastify's code two to serve.
  app.decorateRequest('admission', null);
  app.addHook('onRoute', (route) => {
    const path = route.prefix ? route.url.slice(route.prefix.length) : route.url;
    const describe = CALLS[path];
    if (!describe || route.method !== 'POST') return;
    route.preHandler = [...asArray(route.preHandler), enforcer(describe)];
    route.onResponse = [...asArray(route.onResponse), refundFailed];
  });
}

/** Refuses a slice outside the plan's window around the series position (after the series is read). */
export function assertSliceWindow(
  request: FastifyRequest,
  row: { generated: string },
  sequence: number | string,
  count: number,
): void {
  const plan = request.admission?.plan;
  if (!plan) return;
  const refusal = sliceWindowRefusal(plan.limits, BigInt(row.generated), BigInt(sequence), count);
  if (refusal) throw refusal;
}
