import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { defaultAccess } from '../../auth/access.js';
import { docsLogo, docsTheme, withInlineStyles } from './brand.js';
import { operationSecurity, securitySchemes, withOperationIds, withoutUnusedSchemas } from './operations.js';
import { documentPath, withDescribedResponses } from './responses.js';
import { API_TAGS } from './tags.js';

/**
 * OpenAPI 3.1 generated from the contract's zod schemas, and a docs UI whose assets ship in the
 * package (no CDN, no fonts, no telemetry) so it works offline. Register before the API routes.
 */
export async function registerApiDocs(app: FastifyInstance, { config }: AppDeps): Promise<void> {
  // Operations held to plan limits (`config.limits`): each may answer 429 with Retry-After.
  const limited = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Slugsmith API',
        version: '1.0.0',
        description: 'Human-readable unique identifiers',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: config.publicUrl }],
      tags: [...API_TAGS],
      components: { securitySchemes },
    },
    // Credentials follow from the rule the server enforces, never from a second declaration that
    // could disagree with it.
    transform: (input) => {
      if (input.schema?.security) {
        throw new Error(
          `${input.route.method} ${input.url}: the OpenAPI security is derived from config.access; remove schema.security`,
        );
      }
      const transformed = jsonSchemaTransform(input);
      if (input.route.config?.limits) {
        const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
        for (const method of methods) limited.add(`${method.toUpperCase()} ${documentPath(input.url)}`);
      }
      return {
        ...transformed,
        schema: { ...transformed.schema, security: operationSecurity(input.route.config?.access) },
      };
    },
    transformObject: (input) =>
      withOperationIds(
        withoutUnusedSchemas(withDescribedResponses(jsonSchemaTransformObject(input), limited)),
      ),
    // Only the API belongs in the document, not the docs UI or the sign-in pages.
    hideUntagged: true,
  });

  await app.register(async (scope) => {
    defaultAccess(scope, 'public');
    // Built on first read (and cached by swagger), not at every start: test/openapi-document.test.ts
    // builds it, so a route the document cannot describe fails the suite.
    scope.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: withInlineStyles,
      transformSpecificationClone: true,
      theme: docsTheme,
      logo: docsLogo,
      uiConfig: {
        validatorUrl: null,
        // Two hundred operations: tags folded and the schema list left out until asked for
        // render the page in a fraction of the time.
        docExpansion: 'none',
        defaultModelsExpandDepth: -1,
        filter: true,
      } as Record<string, unknown>,
    });
  });
}
