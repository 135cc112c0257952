import { randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { maskLinkSecrets } from './link-secrets.js';

/** Headers that carry credentials never reach the logs. */
const redacted = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
];

/** A caller-supplied request id is kept when it looks sane, so logs correlate across services. */
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Logs go to stdout as JSON lines unless a stream is given (tests read them). */
export function loggingOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): Partial<FastifyServerOptions> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: redacted, censor: '[redacted]' },
      // Opened reset, verification and invitation links carry their token in the URL.
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: maskLinkSecrets(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(stream && { stream }),
    },
    // genReqId reads x-request-id itself so that an odd value cannot reach the logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
  };
}
