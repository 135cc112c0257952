import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `large`: the route takes bodies up to the large limit (document texts, a payment provider's
     * events). Without it a route takes the small default, or its own smaller `bodyLimit`.
     */
    body?: 'large';
  }
}

export interface BodyLimits {
  /** Every route that does not say otherwise. */
  defaultBytes: number;
  /** Routes with `config: { body: 'large' }`. */
  largeBytes: number;
}

/** A route's body limit as registered (read by the route-walking test). */
export interface BodyLimitRecord {
  method: string;
  url: string;
  /** The limit its body is read with: its own, or the default of its content-type parser. */
  bytes: number;
  /** How it got its limit: declared large, its own number, or the default. */
  source: 'large' | 'own' | 'default';
}

/**
 * Gives each route the body limit its own options ask for. The server's `bodyLimit` is the small
 * default, so a route (and a plugin's route) that declares nothing gets it; `config.body: 'large'`
 * raises it, a route's own smaller `bodyLimit` stays. A route's own limit above the default is
 * refused at start: a large body is a declared exception, never a number that drifts upwards.
 */
export function installBodyLimits(app: FastifyInstance, limits: BodyLimits): BodyLimitRecord[] {
  const records: BodyLimitRecord[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    let source: BodyLimitRecord['source'] = 'default';
    if (route.config?.body === 'large') {
      route.bodyLimit = limits.largeBytes;
      source = 'large';
    } else if (route.bodyLimit !== undefined) {
      if (route.bodyLimit > limits.defaultBytes) {
        throw new Error(
          `${route.url}: bodyLimit ${route.bodyLimit} is above the default ${limits.defaultBytes}; declare config.body: 'large'`,
        );
      }
      source = 'own';
    }
    const bytes = route.bodyLimit ?? limits.defaultBytes;
    for (const method of [route.method].flat()) records.push({ method, url: route.url, bytes, source });
  });
  return records;
}
