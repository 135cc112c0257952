import type { FastifyInstance } from 'fastify';

export interface InFlight {
  /** Requests received and not answered yet. */
  readonly count: number;
  /** Resolves when no request is in flight, or after `maxWaitMs` (true: drained). */
  drained(maxWaitMs: number): Promise<boolean>;
}

/**
 * Counts requests from arrival to the end of their answer (a stream: its last byte), whether they
 * came over a socket or by `inject`. Shutdown waits for the count to reach zero before it closes
 * the database and Redis, so no handler still running finds its pool ended.
 */
export function trackInFlight(server: FastifyInstance): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  // A response emits `close` once: after its last byte, or when the client went away mid-answer
  // (sockets and inject alike). One shared listener: nothing is allocated per request.
  const finished = () => {
    count--;
    if (count === 0) for (const wake of waiters.splice(0)) wake();
  };
  server.addHook('onRequest', (_request, reply, done) => {
    count++;
    reply.raw.on('close', finished);
    done();
  });

  return {
    get count() {
      return count;
    },
    drained(maxWaitMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve(false);
        }, maxWaitMs);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(wake);
      });
    },
  };
}
