import {
  AdminPlan,
  AdminPlanList,
  AdminSubscriptionParams,
  CreatePlan,
  CreateSubscription,
  documentLanguageOf,
  EffectiveLimits,
  ErrorBody,
  LimitsParams,
  OrgLimits,
  OrgParams,
  PlanParams,
  PlanTranslationParams,
  PriceParams,
  PriceQuery,
  PublicPlan,
  PublicPlanCatalogue,
  ReaderLanguageQuery,
  SetPlanPrice,
  SetPlanTranslation,
  Subscription,
  SubscriptionList,
  UpdatePlan,
  UpdateSubscription,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireOrg } from '../../auth/access.js';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { audited, orNull } from '../audit/service.js';
import * as catalogue from './catalogue.js';
import * as limits from './effective-limits.js';
import * as subscriptions from './subscriptions.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const noContent = { 204: z.null().describe('Done') };

/**
 * Product spec §7.2 (limits, subscriptions) and §7.4 (public plan list, admin plans). The key
 * route `GET /limits` lives with the generation API and answers `keyLimits`.
 */
export function planRoutes(app: FastifyInstance, { db, caches }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/subscriptions', {
    config: { access: 'public' },
    schema: {
      tags: ['plans'],
      summary: "Plans on offer, by plan type and display order, their texts in the reader's language",
      description:
        "The plans on offer (SaaS and on-premise) in display order, with prices and limits, their names and texts in the reader's language.",
      querystring: ReaderLanguageQuery,
      response: { 200: PublicPlanCatalogue, ...errors },
    },
    handler: async (request) => catalogue.publicCatalogue(db, readerLanguage(request)),
  });

  r.get('/subscriptions/:plan', {
    config: { access: 'public' },
    schema: {
      tags: ['plans'],
      summary: "One plan that can be subscribed to, its texts in the reader's language",
      description:
        "One plan that can be subscribed to, with prices and limits, its texts in the reader's language.",
      params: PlanParams,
      querystring: ReaderLanguageQuery,
      response: { 200: PublicPlan, ...errors },
    },
    handler: async (request) => catalogue.publicPlan(db, request.params.plan, readerLanguage(request)),
  });

  r.get('/admin/subscriptions', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'Every plan in every state, with every feature and limit',
      description: 'Staff: every plan in every state (draft, active, archived) with every feature and limit.',
      response: { 200: AdminPlanList, ...errors },
    },
    handler: async () => catalogue.adminPlans(db),
  });

  r.get('/admin/subscriptions/:plan', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: 'One plan',
      description: 'Staff: one plan with every feature, limit, price and translation.',
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
      description: 'Staff: creates a plan, a draft unless a state is given.',
      body: CreatePlan,
      response: { 201: AdminPlan, ...errors },
    },
    handler: async (request, reply) => {
      const plan = await audited(
        db,
        request,
        { action: 'plan.create', objectType: 'plan', objectId: (p) => p.slug },
        () => catalogue.createPlan(db, caches, request.body),
      );
      return reply.status(201).send(plan);
    },
  });

  r.put('/admin/subscriptions/:plan', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Change a plan: named fields and feature keys only; prices, when given, replace the list',
      description:
        'Staff: changes the fields and feature keys given; prices, when given, replace the whole list.',
      params: PlanParams,
      body: UpdatePlan,
      response: { 200: AdminPlan, ...errors },
    },
    handler: async (request) =>
      audited(
        db,
        request,
        {
          action: 'plan.update',
          objectType: 'plan',
          objectId: request.params.plan,
          before: () => catalogue.adminPlan(db, request.params.plan),
        },
        () => catalogue.updatePlan(db, caches, request.params.plan, request.body),
      ),
  });

  r.delete('/admin/subscriptions/:plan', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Delete a plan nobody subscribed to (otherwise archive it)',
      description:
        'Staff: deletes a plan nobody ever subscribed to; one with subscribers can only be archived.',
      params: PlanParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await audited(
        db,
        request,
        {
          action: 'plan.delete',
          objectType: 'plan',
          objectId: request.params.plan,
          before: () => catalogue.adminPlan(db, request.params.plan),
          after: () => null,
        },
        () => catalogue.deletePlan(db, caches, request.params.plan),
      );
      return reply.status(204).send(null);
    },
  });

  r.put('/admin/subscriptions/:plan/translations/:language', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Set the plan's name, description and SLA words in one language other than English",
      description: "Staff: sets the plan's name, description and SLA words in a language other than English.",
      params: PlanTranslationParams,
      body: SetPlanTranslation,
      response: { 200: AdminPlan, ...errors },
    },
    handler: async (request) => {
      const { plan, language } = request.params;
      const stored = documentLanguageOf(language);
      const translationOf = (p: AdminPlan | null) =>
        p?.translations.find((t) => t.language === stored) ?? null;
      return audited(
        db,
        request,
        {
          action: 'plan.translate',
          objectType: 'plan',
          objectId: plan,
          before: async () => translationOf(await orNull(() => catalogue.adminPlan(db, plan))),
          after: translationOf,
        },
        () => catalogue.setTranslation(db, plan, language, request.body),
      );
    },
  });

  r.delete('/admin/subscriptions/:plan/translations/:language', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "Remove the plan's texts in one language (readers of it see English again)",
      description: "Staff: removes the plan's texts in one language; its readers see English again.",
      params: PlanTranslationParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { plan, language } = request.params;
      await audited(
        db,
        request,
        {
          action: 'plan.untranslate',
          objectType: 'plan',
          objectId: plan,
          before: async () =>
            (await orNull(() => catalogue.adminPlan(db, plan)))?.translations.find(
              (t) => t.language === documentLanguageOf(language),
            ) ?? null,
          after: () => null,
        },
        () => catalogue.deleteTranslation(db, plan, language),
      );
      return reply.status(204).send(null);
    },
  });

  r.get('/orgs/:org/subscriptions', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: "The organisation's subscriptions, newest first, plan names in the reader's language",
      description:
        "The organisation's subscriptions, newest first: plan, state, quantity, dates; plan names in the reader's language.",
      params: OrgParams,
      querystring: ReaderLanguageQuery,
      response: { 200: SubscriptionList, ...errors },
    },
    handler: async (request) =>
      subscriptions.orgSubscriptions(db, requireOrg(request), readerLanguage(request)),
  });

  r.get('/orgs/:org/limits', {
    config: { access: { orgRole: 'member' } },
    schema: {
      tags: ['organisations'],
      summary: 'Limits in force, per plan type (SaaS always)',
      description: 'The features and limits in force for the organisation, per plan type (SaaS always).',
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
      description: 'The features and limits in force for one plan type (saas, on_premise or other).',
      params: LimitsParams,
      response: { 200: EffectiveLimits, ...errors },
    },
    handler: async (request) =>
      limits.orgLimitsOfType(db, caches, requireOrg(request), request.params.planType),
  });

  r.get('/admin/orgs/:org/subscriptions', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary: "An organisation's subscriptions",
      description: "Staff: an organisation's subscriptions, every state.",
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
      description:
        'Staff: subscribes an organisation to an active plan by hand (not through the payment provider).',
      params: OrgParams,
      body: CreateSubscription,
      response: { 201: Subscription, ...errors },
    },
    handler: async (request, reply) => {
      const { org } = request.params;
      const created = await audited(
        db,
        request,
        {
          action: 'subscription.create',
          objectType: 'subscription',
          objectId: (s) => s.id,
          after: (s) => ({ org, ...s }),
        },
        () => subscriptions.createSubscription(db, caches, org, request.body),
      );
      return reply.status(201).send(created);
    },
  });

  r.put('/admin/orgs/:org/subscriptions/:subscription', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Change the state, quantity or dates of a subscription',
      description: 'Staff: changes the state, quantity or dates of a subscription.',
      params: AdminSubscriptionParams,
      body: UpdateSubscription,
      response: { 200: Subscription, ...errors },
    },
    handler: async (request) => {
      const { org, subscription } = request.params;
      return audited(
        db,
        request,
        {
          action: 'subscription.update',
          objectType: 'subscription',
          objectId: subscription,
          before: () => subscriptionOf(db, org, subscription),
          after: (s) => ({ org, ...s }),
        },
        () => subscriptions.updateSubscription(db, caches, org, subscription, request.body),
      );
    },
  });

  r.delete('/admin/orgs/:org/subscriptions/:subscription', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Delete a subscription (to end one, set its state or ends_at instead)',
      description:
        'Staff: deletes a subscription record; to end a subscription, set its state or ends_at instead.',
      params: AdminSubscriptionParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { org, subscription } = request.params;
      await audited(
        db,
        request,
        {
          action: 'subscription.delete',
          objectType: 'subscription',
          objectId: subscription,
          before: () => subscriptionOf(db, org, subscription),
          after: () => null,
        },
        () => subscriptions.deleteSubscription(db, caches, org, subscription),
      );
      return reply.status(204).send(null);
    },
  });

  r.put('/admin/subscriptions/:plan/prices/:period', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Set the price of one period (added, or replaced for the same currency)',
      description:
        'Staff: sets the price of a billing period in a currency, adding it or replacing the one of the same currency.',
      params: PriceParams,
      body: SetPlanPrice,
      response: { 200: AdminPlan, ...errors },
    },
    handler: async (request) => {
      const { plan, period } = request.params;
      const priceOf = (p: AdminPlan | null) =>
        p?.prices.find((x) => x.period === period && x.currency === request.body.currency) ?? null;
      return audited(
        db,
        request,
        {
          action: 'price.set',
          objectType: 'price',
          objectId: `${plan}/${period}/${request.body.currency}`,
          before: async () => priceOf(await orNull(() => catalogue.adminPlan(db, plan))),
          after: priceOf,
        },
        () => catalogue.setPrice(db, plan, period, request.body),
      );
    },
  });

  r.delete('/admin/subscriptions/:plan/prices/:period', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Remove the price of one period and currency (default USD)',
      description: 'Staff: removes the price of a billing period in one currency (default USD).',
      params: PriceParams,
      querystring: PriceQuery,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { plan, period } = request.params;
      const { currency } = request.query;
      await audited(
        db,
        request,
        {
          action: 'price.delete',
          objectType: 'price',
          objectId: `${plan}/${period}/${currency}`,
          before: async () =>
            (await orNull(() => catalogue.adminPlan(db, plan)))?.prices.find(
              (x) => x.period === period && x.currency === currency,
            ) ?? null,
          after: () => null,
        },
        () => catalogue.deletePrice(db, plan, period, currency),
      );
      return reply.status(204).send(null);
    },
  });
}

/** A subscription as staff see it, for the audit log's before (404 when it is not there). */
async function subscriptionOf(db: Db, org: string, id: string): Promise<Subscription & { org: string }> {
  const found = (await subscriptions.adminOrgSubscriptions(db, org)).find((s) => s.id === id);
  if (!found) throw ApiError.notFound();
  return { org, ...found };
}
