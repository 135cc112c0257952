import { randomBytes } from 'node:crypto';
import type { Scope } from '@slugsmith/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { organisations, orgSubscriptions, plans, sdkConfigs, systemOrganisations } from '../../db/schema.js';
import { findConfigBySlug } from './queries.js';
import { parsePeriod, replaceKeys } from './service.js';

/**
 * The public SDK config of the anonymous web console (product spec §4 "Generator client"): the
 * landing page and the playground sign their generation calls with its rotating keys, like any
 * customer's browser app. It belongs to an organisation the server owns (nobody is a member), is
 * held to the inactive `public-console` plan, may only forge (pattern info and dictionary reads
 * need no scope; mint, slice and reset are refused), and answers only the server's own origins.
 */
export const CONSOLE_PURPOSE = 'public-console';
export const CONSOLE_CONFIG_SLUG = 'slugsmith-console';
const CONSOLE_ORG_SLUG = 'slugsmith-console';
const CONSOLE_PLAN_SLUG = 'public-console';
export const CONSOLE_SCOPES: Scope[] = ['forge'];

export interface ConsoleSdkOptions {
  /** Origins the console runs on (the public URL's, CORS origins, extra configured ones). */
  origins: string[];
  /** Automatic rotation period, e.g. `24h`. */
  rotation: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function ensureOrganisation(tx: Tx): Promise<string> {
  const [known] = await tx
    .select({ orgId: systemOrganisations.orgId })
    .from(systemOrganisations)
    .where(eq(systemOrganisations.purpose, CONSOLE_PURPOSE));
  if (known) return known.orgId;
  // A customer may already own the plain slug: the system one then takes a suffix.
  const [taken] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, CONSOLE_ORG_SLUG));
  const slug = taken ? `${CONSOLE_ORG_SLUG}-${randomBytes(3).toString('hex')}` : CONSOLE_ORG_SLUG;
  const [org] = await tx
    .insert(organisations)
    .values({ slug, name: 'Slugsmith public console' })
    .returning({ id: organisations.id });
  await tx.insert(systemOrganisations).values({ purpose: CONSOLE_PURPOSE, orgId: org.id });
  return org.id;
}

/** The organisation is held to the public-console plan (staff may change it; kept when present). */
async function ensureSubscription(tx: Tx, orgId: string): Promise<void> {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, CONSOLE_PLAN_SLUG));
  if (!plan) return;
  const [existing] = await tx
    .select({ id: orgSubscriptions.id })
    .from(orgSubscriptions)
    .where(and(eq(orgSubscriptions.orgId, orgId), eq(orgSubscriptions.planId, plan.id)));
  if (!existing) await tx.insert(orgSubscriptions).values({ orgId, planId: plan.id, state: 'active' });
}

/**
 * Makes sure the console's organisation, plan subscription and SDK config exist and that the
 * config allows exactly the configured origins and rotates on the configured period. Idempotent;
 * nodes starting together take turns on an advisory lock. Returns the config slug.
 */
export async function ensureConsoleConfig(db: Db, options: ConsoleSdkOptions): Promise<string> {
  const periodSeconds = parsePeriod(options.rotation);
  const origins = [...new Set(options.origins)].sort();
  const policyChanged = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':slugsmith-console'))`);
    const orgId = await ensureOrganisation(tx);
    await ensureSubscription(tx, orgId);
    const [config] = await tx
      .select()
      .from(sdkConfigs)
      .where(and(eq(sdkConfigs.slug, CONSOLE_CONFIG_SLUG), eq(sdkConfigs.orgId, orgId)));
    const wanted = {
      name: 'Public web console',
      scopes: CONSOLE_SCOPES,
      rotation: 'automatic' as const,
      periodSeconds,
      period: options.rotation,
      origins,
      enabled: true,
    };
    if (!config) {
      await tx.insert(sdkConfigs).values({ orgId, seriesId: null, slug: CONSOLE_CONFIG_SLUG, ...wanted });
      return false;
    }
    const same =
      config.periodSeconds === periodSeconds &&
      config.rotation === 'automatic' &&
      config.enabled &&
      config.scopes.join() === CONSOLE_SCOPES.join() &&
      [...config.origins].sort().join('\n') === origins.join('\n');
    if (!same) await tx.update(sdkConfigs).set(wanted).where(eq(sdkConfigs.id, config.id));
    return config.periodSeconds !== periodSeconds || config.rotation !== 'automatic';
  });
  // A new period starts a new schedule (product spec §4: a changed policy replaces the keys).
  const row = await findConfigBySlug(db, CONSOLE_CONFIG_SLUG);
  if (row && policyChanged) await replaceKeys(db, row);
  return CONSOLE_CONFIG_SLUG;
}
