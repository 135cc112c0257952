// The sandbox's own routes: the hosted checkout and payment-method pages (public, like a payment
// provider's pages) and the sandbox controls staff and tests use (clock, run what is due).
import type { FastifyInstance } from 'fastify';
import { checkoutPageRoutes } from './checkout-routes.js';
import type { Sandbox } from './context.js';
import { type SandboxControls, sandboxControlRoutes } from './control-routes.js';
import { paymentMethodPageRoutes } from './payment-method-routes.js';

export function sandboxRoutes(api: FastifyInstance, sandbox: Sandbox, controls: SandboxControls): void {
  // The hosted pages post HTML forms; only routes in this scope read that media type.
  api.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    checkoutPageRoutes(scope, sandbox);
    paymentMethodPageRoutes(scope, sandbox);
  });
  sandboxControlRoutes(api, sandbox, controls);
}
