// The billing core's HTTP routes: webhooks, checkout, self-service, provider events for staff.
import type { FastifyInstance } from 'fastify';
import type { Billing } from './service.js';
import { webhookRoutes } from './webhooks.js';

export function billingRoutes(app: FastifyInstance, billing: Billing): void {
  webhookRoutes(app, billing);
}
