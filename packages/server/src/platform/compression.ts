import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: answers go out as written (a stream whose batches must reach the client as they come). */
    compress?: false;
  }
}

/**
 * The API's answers of 1 kB and more go out with brotli (quality 4: a few milliseconds for the
 * OpenAPI document) or gzip, to clients that accept them, unless the route says `compress: false`
 * (the generation streams: a compressor would hold their batches back). Routes outside /api are
 * left alone: the console's files were compressed once at build (their copies are sent as they
 * are) and nothing of it is compressed per request. Request bodies are never inflated: a small
 * compressed body must not become a large one behind the body limits.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.config?.compress === false || !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
