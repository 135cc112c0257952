import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { defaultAccess } from '../../auth/access.js';

/**
 * OpenAPI 3.1 generated from the contract's zod schemas, and a docs UI whose assets ship in the
 * package (no CDN, no fonts, no telemetry) so it works offline. Register before the API routes.
 */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Slugsmith API', version: '1.0.0', description: 'Human-readable unique identifiers' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The generation API: an API key, or a request signed with an SDK key
          // (x-signature with x-timestamp and x-sdk-slug, ECDSA P-256 over the signing string).
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          sdkSignature: { type: 'apiKey', in: 'header', name: 'x-signature' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    // Only the API belongs in the document, not the docs UI or the sign-in pages.
    hideUntagged: true,
  });

  await app.register(async (scope) => {
    defaultAccess(scope, 'public');
    scope.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformSpecificationClone: true,
      uiConfig: { validatorUrl: null } as Record<string, unknown>,
    });
  });
}
