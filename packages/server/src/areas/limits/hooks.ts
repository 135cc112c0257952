import { RATE_LIMIT_HEADERS } from '@slugsmith/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Db } from '../../db/connect.js';
import type { Caches } from '../../platform/cache.js';
import type { Config } from '../../platform/config.js';
import { ApiError } from '../../platform/errors.js';
import { chain } from '../../platform/maybe-promise.js';
import { withHook } from '../../platform/route-hooks.js';
import { saasLimits } from '../plans/effective-limits.js';
import { type Admission, LimitRefusal, PlanLimits, type Remaining } from './enforcer.js';
import { type GenerationCall, type PlanCaller, sliceWindowRefusal } from './policy.js';
import { limitStore } from './store.js';
import type { VisitorLimits } from './visitors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plan enforcement of generation calls (MCP tools go through it too). */
    planLimits: PlanLimits;
  }
  interface FastifyRequest {
    /** Set on generation calls the plan let through; null on every other request. */
    admission: Admission | null;
    /**
     * The plan's answer still on its way, on a call of an `overlap` route that went on to its
     * handler without it (see RouteLimits.overlap); null on every other request.
     */
    pendingAdmission: Promise<Admission> | null;
  }
  interface FastifyContextConfig {
    /** The route's calls are held to the caller's plan (see RouteLimits). */
    limits?: RouteLimits;
  }
}

/** What plan limits count of a route's calls: its `config.limits`. */
export interface RouteLimits {
  /** The plan's switches and quotas the calls fall under. */
  operation: GenerationCall['kind'];
  /** Answers newline-delimited: the plan's stream switch and per-stream maximum apply. */
  stream?: boolean;
  /**
   * The body field that holds how many slugs a call asks for (the quotas count them), or a fixed
   * count for calls that store one (a short link counts as one forged slug).
   */
  slugs?: string | number;
  /** The body field that holds a pattern the call renders: checked for components and complexity. */
  pattern?: string;
  /**
   * The handler may start its database work while the shared store (Redis) answers, when this
   * node's last answer for the organisation left room for the call: one round trip instead of two.
   * The handler must pass its work through `whileAdmitted`, which undoes it on a refusal.
   */
  overlap?: boolean;
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
): Promise<PlanLimits> {
  const limits = new PlanLimits({
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

type Body = Record<string, unknown> | undefined;

/** The call a request makes, as enforcement sees it, built the same way for each of the route's calls. */
function describer(limits: RouteLimits): (body: Body) => GenerationCall {
  const { operation: kind, stream = false, slugs, pattern } = limits;
  return (body) => {
    const count = typeof slugs === 'number' ? slugs : slugs === undefined ? undefined : body?.[slugs];
    const rendered = pattern === undefined ? undefined : body?.[pattern];
    return {
      kind,
      stream,
      count: typeof count === 'number' ? count : 0,
      pattern: typeof rendered === 'string' ? rendered : undefined,
    };
  };
}

// Strings: Node would turn a number into text twice (to check it, then to write it).
function setRemaining(reply: FastifyReply, r: Remaining): void {
  reply.header(RATE_LIMIT_HEADERS.rpm, String(r.rpm));
  reply.header(RATE_LIMIT_HEADERS.daily, String(r.daily));
  reply.header(RATE_LIMIT_HEADERS.monthly, String(r.monthly));
  reply.header(RATE_LIMIT_HEADERS.lifetime, String(r.lifetime));
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

/** The key of a generation call, or the organisation of a console call (an `orgRole` route). */
function planCaller(request: FastifyRequest): PlanCaller {
  const { key, org } = request.caller;
  if (key) return key;
  if (org) return { type: 'console', orgId: org.id };
  throw ApiError.unauthorized();
}

/**
 * An anonymous visitor's call: first the address's own share (VisitorLimits), then the shared
 * plan; a plan refusal gives the share back, and so does a failed call (through the admission).
 */
function admitVisitor(
  planLimits: PlanLimits,
  visitors: VisitorLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: PlanCaller,
  call: GenerationCall,
): Promise<Admission> {
  return (async () => {
    const share = await visitors.admit(request.ip, call, reply);
    try {
      const admission = await planLimits.admit(caller, call);
      return {
        ...admission,
        refund: () => chain(admission.refund(), () => chain(share.refund(), () => undefined)),
      };
    } catch (error) {
      await share.refund();
      throw error;
    }
  })();
}

/**
 * Lets the call go on to its handler with the plan's answer still on its way: the answer sets the
 * headers (or the refusal's) when it arrives, and `whileAdmitted` waits for it beside the work.
 */
function goOnPending(
  request: FastifyRequest,
  reply: FastifyReply,
  admission: Promise<Admission>,
  done: () => void,
): void {
  const pending = admission.then(
    (a) => {
      request.admission = a;
      setRemaining(reply, a.remaining);
      return a;
    },
    (error) => {
      throw refused(reply, error);
    },
  );
  // A handler that fails before it waits for the answer leaves it unread: not an unhandled refusal.
  pending.catch(() => {});
  request.pendingAdmission = pending;
  done();
}

/**
 * Runs `work` while the plan's answer on an `overlap` route is still on its way (at once when it
 * is already known). A refusal undoes the finished work and is thrown; the work's own failure is
 * thrown once the answer is in.
 */
export async function whileAdmitted<T>(
  request: FastifyRequest,
  work: Promise<T>,
  undo: (done: T) => Promise<unknown>,
): Promise<T> {
  const pending = request.pendingAdmission;
  if (!pending) return work;
  const [outcome, answer] = await Promise.allSettled([work, pending]);
  if (answer.status === 'rejected') {
    if (outcome.status === 'fulfilled') await undo(outcome.value);
    throw answer.reason;
  }
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

function enforcer(
  planLimits: PlanLimits,
  limits: RouteLimits,
  visitors: VisitorLimits | undefined,
): preHandlerHookHandler {
  const describe = describer(limits);
  // A callback hook: an admission answered at once (memory store) goes on without a promise or
  // a closure.
  return function enforcePlan(request, reply, done) {
    let admission: ReturnType<PlanLimits['admit']>;
    let overlap = false;
    try {
      const caller = planCaller(request);
      const call = describe(request.body as Body);
      const visitor = visitors?.applies(caller) ? visitors : undefined;
      admission = visitor
        ? admitVisitor(planLimits, visitor, request, reply, caller, call)
        : planLimits.admit(caller, call);
      overlap =
        limits.overlap === true &&
        admission instanceof Promise &&
        visitor === undefined &&
        planLimits.likelyAdmits(caller, call);
    } catch (error) {
      return done(refused(reply, error));
    }
    if (overlap) goOnPending(request, reply, admission as Promise<Admission>, done);
    else if (admission instanceof Promise) {
      admission.then(
        (a) => admitted(request, reply, a, done),
        (error) => done(refused(reply, error)),
      );
    } else admitted(request, reply, admission, done);
  };
}

/** A call that failed (4xx/5xx) gets its slugs back into the quotas. */
const refundFailed: onResponseHookHandler = (request, reply, done) => {
  // The refund reports its own store errors; the answer is already sent. A handler may have
  // failed before the plan's answer came: it is refunded when it comes.
  if (reply.statusCode >= 400) {
    if (request.pendingAdmission)
      request.pendingAdmission.then(
        (a) => a.refund(),
        () => {},
      );
    else if (request.admission) void request.admission.refund();
  }
  done();
};

/**
 * Holds every route registered after it that declares `config.limits` to the caller's plan: a
 * preHandler (the body is validated, so counts and patterns are known) and a refund on failure.
 */
export function installPlanLimits(
  app: FastifyInstance,
  planLimits: PlanLimits,
  /** Each anonymous visitor's share of the public console's plan (absent: none). */
  visitors?: VisitorLimits,
): void {
  // Declared, so that every request is built with the property: set only on admitted calls, it
  // would give those requests a hidden class of their own, and Fastify's code two to serve.
  app.decorateRequest('admission', null);
  app.decorateRequest('pendingAdmission', null);
  app.addHook('onRoute', (route) => {
    const limits = route.config?.limits;
    if (!limits) return;
    route.preHandler = withHook(route.preHandler, enforcer(planLimits, limits, visitors));
    route.onResponse = withHook(route.onResponse, refundFailed);
  });
}

/**
 * Refuses a slice outside the plan's window around the series position (after the series is read),
 * with the reason header as every plan refusal.
 */
export function assertSliceWindow(
  request: FastifyRequest,
  reply: FastifyReply,
  row: { generated: string },
  sequence: number | string,
  count: number,
): void {
  const admission = request.admission;
  if (!admission) return;
  const refusal = sliceWindowRefusal(admission.plan.limits, BigInt(row.generated), BigInt(sequence), count);
  if (refusal) throw refused(reply, new LimitRefusal(refusal, admission.remaining, refusal.reason));
}
