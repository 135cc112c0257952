import {
  AdminPlan,
  AdminPlanList,
  AdminSubscriptionParams,
  CreatePlan,
  CreateSubscription,
  EffectiveLimits,
  ErrorBody,
  LimitsParams,
  OrgLimits,
  OrgParams,
  PlanParams,
  PriceParams,
  PriceQuery,
  PublicPlan,
  PublicPlanCatalogue,
  SetPlanPrice,
  Subscription,
  SubscriptionList,
  UpdatePlan,
  UpdateSubscription,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import type { Caches } from '../../platform/cache.js';
import * as catalogue from './catalogue.js';
import * as limits from './effective-limits.js';
import * as subscriptions from './subscriptions.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/**
 * Product spec §7.2 (limits, subscriptions) and §7.4 (public plan list, admin plans). The key
 * route `GET /limits` lives with the generation API and answers `keyLimits`.
 */
export function planRoutes(app: FastifyInstance, db: Db, caches: Caches): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/subscriptions', {
    config: { access: 'public' },
    schema: {
      tags: ['plans'],
      summary: 'Plans on offer, by plan type and display order (numeric limits are not published)',
      response: { 200: PublicPlanCatalogue, ...errors },
    },
    handler: async () => catalogue.publicCatalogue(db),
  });

  r.get('/subscriptions/:plan', {
    config: { access: 'public' },
    schema: {
      tags: ['plans'],
      summary: 'One plan that can be subscribed to',
      params: PlanParams,
      response: { 200: PublicPlan, ...errors },
    },
    handler: async (request) => catalogue.publicPlan(db, request.params.plan),
  });

  r.get('/admin/subscriptions', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every plan in every state, with every feature and limit',
      response: { 200: AdminPlanList, ...errors },
    },
    handler: async () => catalogue.adminPlans(db),
  });

  r.get('/admin/subscriptions/:plan', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'One plan',
      params: PlanParams,
      response: { 200: AdminPlan, ...errors },
    },
    handler: async (request) => catalogue.adminPlan(db, request.params.plan),
  });

  r.post('/admin/subscriptions', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Create a plan (draft unless a state is given)',
      body: CreatePlan,
      response: { 201: AdminPlan, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await catalogue.createPlan(db, caches, request.body)),
  });

  r.put('/admin/subscriptions/:plan', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Change a plan: named fields and feature keys only; prices, when given, replace the list',
      params: PlanParams,
      body: UpdatePlan,
      response: { 200: AdminPlan, ...errors },
    },
    handler: async (request) => catalogue.updatePlan(db, caches, request.params.plan, request.body),
  });

  r.delete('/admin/subscriptions/:plan', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Delete a plan nobody subscribed to (otherwise archive it)',
      params: PlanParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await catalogue.deletePlan(db, caches, request.params.plan);
      return reply.status(204).send(null);
    },
  });

  r.get('/orgs/:org/subscriptions', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: "The organisation's subscriptions, newest first",
      params: OrgParams,
      response: { 200: SubscriptionList, ...errors },
    },
    handler: async (request) => subscriptions.orgSubscriptions(db, requireOrg(request)),
  });

  r.get('/orgs/:org/limits', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: 'Limits in force, per plan type (SaaS always)',
      params: OrgParams,
      response: { 200: OrgLimits, ...errors },
    },
    handler: async (request) => limits.orgLimits(db, caches, requireOrg(request)),
  });

  r.get('/orgs/:org/limits/:planType', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: 'Limits in force for one plan type',
      params: LimitsParams,
      response: { 200: EffectiveLimits, ...errors },
    },
    handler: async (request) =>
      limits.orgLimitsOfType(db, caches, requireOrg(request), request.params.planType),
  });

  r.get('/admin/orgs/:org/subscriptions', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "An organisation's subscriptions",
      params: OrgParams,
      response: { 200: SubscriptionList, ...errors },
    },
    handler: async (request) => subscriptions.adminOrgSubscriptions(db, request.params.org),
  });

  r.post('/admin/orgs/:org/subscriptions', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Subscribe an organisation to a plan (not a draft or archived one)',
      params: OrgParams,
      body: CreateSubscription,
      response: { 201: Subscription, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await subscriptions.createSubscription(db, caches, request.params.org, request.body)),
  });

  r.put('/admin/orgs/:org/subscriptions/:subscription', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Change the state, quantity or dates of a subscription',
      params: AdminSubscriptionParams,
      body: UpdateSubscription,
      response: { 200: Subscription, ...errors },
    },
    handler: async (request) =>
      subscriptions.updateSubscription(
        db,
        caches,
        request.params.org,
        request.params.subscription,
        request.body,
      ),
  });

  r.delete('/admin/orgs/:org/subscriptions/:subscription', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Delete a subscription (to end one, set its state or ends_at instead)',
      params: AdminSubscriptionParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await subscriptions.deleteSubscription(db, caches, request.params.org, request.params.subscription);
      return reply.status(204).send(null);
    },
  });

  r.put('/admin/subscriptions/:plan/prices/:period', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Set the price of one period (added, or replaced for the same currency)',
      params: PriceParams,
      body: SetPlanPrice,
      response: { 200: AdminPlan, ...errors },
    },
    handler: async (request) =>
      catalogue.setPrice(db, request.params.plan, request.params.period, request.body),
  });

  r.delete('/admin/subscriptions/:plan/prices/:period', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Remove the price of one period and currency (default USD)',
      params: PriceParams,
      querystring: PriceQuery,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await catalogue.deletePrice(db, request.params.plan, request.params.period, request.query.currency);
      return reply.status(204).send(null);
    },
  });
}
