import type { OrgRole, OrgState, StaffLevel } from '@slugsmith/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  accountSignInBlocks,
  accounts,
  instanceSettings,
  memberships,
  organisations,
  orgSuspensions,
  series,
} from '../../db/schema.js';

/** node-postgres and PGlite both answer `execute` with an object carrying `rows`. */
function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- organisations -------------------------------------------------------------------------

/**
 * The SaaS plan whose limits an organisation is held to, in SQL (for filtering and paging): the
 * rules of the plans area's effective limits — a live state, started, not ended, trial not over;
 * paid before free, then the higher display order, then the newest — else the Free plan.
 */
const currentSaasPlan = sql`
  COALESCE(
    (SELECT p.id FROM org_subscriptions s JOIN plans p ON p.id = s.plan_id
      WHERE s.org_id = o.id AND p.plan_type = 'saas'
        AND s.state IN ('active', 'trial', 'past_due')
        AND s.started_at <= now()
        AND (s.ends_at IS NULL OR s.ends_at > now())
        AND NOT (s.state = 'trial' AND s.trial_until IS NOT NULL AND s.trial_until <= now())
      ORDER BY p.free ASC, p.display_order DESC, s.started_at DESC
      LIMIT 1),
    (SELECT p.id FROM plans p WHERE p.free AND p.plan_type = 'saas'
      ORDER BY p.state = 'active' DESC, p.display_order ASC, p.slug ASC
      LIMIT 1)
  )`;

export interface OrgSummaryRow {
  id: string;
  slug: string;
  name: string;
  personal: boolean;
  members: number;
  createdAt: Date;
  suspendedAt: Date | null;
  planSlug: string | null;
  planName: string | null;
}

/**
 * Paying subscriptions, one definition for the figure, its revenue table and the filtered list:
 * a recurring price of a plan that is not free, being paid (active, or past due while the
 * provider retries) and not ended. Trials pay nothing yet; perpetual licences recur not.
 */
const payingFrom = sql`
  FROM org_subscriptions s
  JOIN plans p ON p.id = s.plan_id
  JOIN plan_prices pp ON pp.id = s.price_id
 WHERE s.state IN ('active', 'past_due') AND NOT p.free AND pp.period <> 'perpetual'
   AND (s.ends_at IS NULL OR s.ends_at > now())`;

export interface OrgFilter {
  q?: string;
  plan?: string;
  state?: OrgState;
  billing?: 'paying' | 'past_due';
}

function orgConditions(filter: OrgFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.q) parts.push(sql`(o.name ILIKE ${contains(filter.q)} OR o.slug ILIKE ${contains(filter.q)})`);
  if (filter.state === 'suspended') parts.push(sql`su.org_id IS NOT NULL`);
  if (filter.state === 'active') parts.push(sql`su.org_id IS NULL`);
  if (filter.plan) parts.push(sql`cp.slug = ${filter.plan}`);
  if (filter.billing === 'paying') {
    parts.push(sql`EXISTS (SELECT 1 ${payingFrom} AND s.org_id = o.id)`);
  }
  if (filter.billing === 'past_due') {
    parts.push(
      sql`EXISTS (SELECT 1 FROM org_subscriptions s WHERE s.state = 'past_due' AND s.org_id = o.id)`,
    );
  }
  return sql.join(parts, sql` AND `);
}

const orgFrom = sql`
  FROM organisations o
  LEFT JOIN org_suspensions su ON su.org_id = o.id
  LEFT JOIN plans cp ON cp.id = ${currentSaasPlan}`;

export async function listOrgs(
  db: Db,
  filter: OrgFilter,
  offset: number,
  limit: number,
): Promise<{ rows: OrgSummaryRow[]; total: number }> {
  const where = orgConditions(filter);
  const page = rows<Record<string, unknown>>(
    await db.execute(sql`
      SELECT o.id, o.slug, o.name, o.personal_account_id IS NOT NULL AS personal, o.created_at,
             su.suspended_at, cp.slug AS plan_slug, cp.name AS plan_name,
             (SELECT count(*) FROM memberships m WHERE m.org_id = o.id) AS members
      ${orgFrom}
      WHERE ${where}
      ORDER BY o.created_at ASC, o.slug ASC
      OFFSET ${offset} LIMIT ${limit}`),
  );
  const [{ total }] = rows<{ total: unknown }>(
    await db.execute(sql`SELECT count(*) AS total ${orgFrom} WHERE ${where}`),
  );
  return {
    rows: page.map((r) => ({
      id: String(r.id),
      slug: String(r.slug),
      name: String(r.name),
      personal: Boolean(r.personal),
      members: Number(r.members),
      createdAt: date(r.created_at),
      suspendedAt: r.suspended_at == null ? null : date(r.suspended_at),
      planSlug: r.plan_slug == null ? null : String(r.plan_slug),
      planName: r.plan_name == null ? null : String(r.plan_name),
    })),
    total: Number(total),
  };
}

export async function findOrg(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      personalAccountId: organisations.personalAccountId,
      createdAt: organisations.createdAt,
      suspendedAt: orgSuspensions.suspendedAt,
    })
    .from(organisations)
    .leftJoin(orgSuspensions, eq(orgSuspensions.orgId, organisations.id))
    .where(eq(organisations.slug, slug));
  return row;
}
export type OrgRow = NonNullable<Awaited<ReturnType<typeof findOrg>>>;

export async function countSeries(db: Db, orgId: string): Promise<number> {
  const [{ n }] = await db.select({ n: sql<string>`count(*)` }).from(series).where(eq(series.orgId, orgId));
  return Number(n);
}

export async function suspendOrg(db: Db, orgId: string, by: string | null): Promise<void> {
  await db.insert(orgSuspensions).values({ orgId, suspendedBy: by }).onConflictDoNothing();
}

export async function resumeOrg(db: Db, orgId: string): Promise<void> {
  await db.delete(orgSuspensions).where(eq(orgSuspensions.orgId, orgId));
}

export async function suspendedOrgIds(db: Db): Promise<string[]> {
  return (await db.select({ id: orgSuspensions.orgId }).from(orgSuspensions)).map((r) => r.id);
}

// ---- users ---------------------------------------------------------------------------------

export interface UserRow {
  id: string;
  email: string;
  slug: string;
  createdAt: Date;
  permissions: Record<string, unknown> | null;
  signInDisabled: boolean;
}

const userColumns = {
  id: accounts.id,
  email: accounts.email,
  slug: accounts.slug,
  createdAt: accounts.createdAt,
  permissions: accounts.permissions,
  signInDisabled: sql<boolean>`${accountSignInBlocks.accountId} IS NOT NULL`,
};

/** Staff levels as SQL conditions on `accounts.permissions` (see the contract's staffLevelOf). */
const staffCondition: Record<StaffLevel, SQL> = {
  admin: sql`${accounts.permissions} -> 'admin' = 'true'::jsonb`,
  support: sql`${accounts.permissions} -> 'support' = 'true'::jsonb AND ${accounts.permissions} -> 'admin' IS DISTINCT FROM 'true'::jsonb`,
};

export async function listUsers(
  db: Db,
  filter: { q?: string; staff?: StaffLevel },
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const parts: SQL[] = [];
  if (filter.q) {
    parts.push(
      sql`(${accounts.email} ILIKE ${contains(filter.q)} OR ${accounts.slug} ILIKE ${contains(filter.q)})`,
    );
  }
  if (filter.staff) parts.push(staffCondition[filter.staff]);
  const where = parts.length > 0 ? and(...parts) : undefined;
  const page = await db
    .select(userColumns)
    .from(accounts)
    .leftJoin(accountSignInBlocks, eq(accountSignInBlocks.accountId, accounts.id))
    .where(where)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .offset(offset)
    .limit(limit);
  const [{ total }] = await db.select({ total: sql<string>`count(*)` }).from(accounts).where(where);
  return { rows: page.map(normaliseUser), total: Number(total) };
}

function normaliseUser(r: UserRow): UserRow {
  return { ...r, permissions: r.permissions ?? null, signInDisabled: Boolean(r.signInDisabled) };
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(accounts)
    .leftJoin(accountSignInBlocks, eq(accountSignInBlocks.accountId, accounts.id))
    .where(eq(accounts.id, id));
  return row && normaliseUser(row);
}

export interface UserOrgRow {
  accountId: string;
  slug: string;
  name: string;
  personal: boolean;
  role: OrgRole;
}

export async function orgsOfUsers(db: Db, accountIds: string[]): Promise<UserOrgRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: memberships.accountId,
      slug: organisations.slug,
      name: organisations.name,
      personal: sql<boolean>`${organisations.personalAccountId} IS NOT NULL`,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(inArray(memberships.accountId, accountIds))
    .orderBy(sql`${organisations.personalAccountId} IS NULL`, organisations.slug);
}

export async function setPermissions(
  db: Db,
  id: string,
  permissions: Record<string, unknown> | null,
): Promise<void> {
  await db.update(accounts).set({ permissions, updatedAt: new Date() }).where(eq(accounts.id, id));
}

export async function blockSignIn(db: Db, accountId: string, by: string | null): Promise<void> {
  await db.insert(accountSignInBlocks).values({ accountId, blockedBy: by }).onConflictDoNothing();
}

export async function unblockSignIn(db: Db, accountId: string): Promise<void> {
  await db.delete(accountSignInBlocks).where(eq(accountSignInBlocks.accountId, accountId));
}

export async function isSignInBlocked(db: Db, accountId: string): Promise<boolean> {
  const found = await db
    .select({ id: accountSignInBlocks.accountId })
    .from(accountSignInBlocks)
    .where(eq(accountSignInBlocks.accountId, accountId));
  return found.length > 0;
}

/** Whether the account of this identity (issuer key and subject) has its sign-in disabled. */
export async function isIdentityBlocked(db: Db, issuer: string, subject: string): Promise<boolean> {
  const found = await db
    .select({ id: accountSignInBlocks.accountId })
    .from(accountSignInBlocks)
    .innerJoin(accounts, eq(accounts.id, accountSignInBlocks.accountId))
    .where(and(eq(accounts.issuer, issuer), eq(accounts.subject, subject)));
  return found.length > 0;
}

// ---- dashboard -----------------------------------------------------------------------------

export async function dashboardCounts(db: Db) {
  const [r] = rows<Record<string, unknown>>(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM organisations) AS organisations,
        (SELECT count(*) FROM accounts) AS users,
        (SELECT count(*) ${payingFrom}) AS paying,
        (SELECT count(*) FROM org_subscriptions s WHERE s.state = 'past_due') AS past_due,
        (SELECT count(*) FROM billing_events e WHERE e.state = 'failed') AS failed_events`),
  );
  return {
    organisations: Number(r.organisations),
    users: Number(r.users),
    paying: Number(r.paying),
    pastDue: Number(r.past_due),
    failedEvents: Number(r.failed_events),
  };
}

/** Paying subscriptions (as counted on the dashboard), summed per plan, currency and period. */
export async function recurringRevenue(db: Db) {
  return rows<Record<string, unknown>>(
    await db.execute(sql`
      SELECT p.slug, p.name, p.display_order, pp.currency, pp.period,
             sum(pp.amount::bigint * s.quantity) AS amount, count(*) AS subscriptions
        ${payingFrom}
       GROUP BY p.slug, p.name, p.display_order, pp.currency, pp.period`),
  ).map((r) => ({
    plan: String(r.slug),
    planName: String(r.name),
    displayOrder: Number(r.display_order),
    currency: String(r.currency),
    period: String(r.period) as 'monthly' | 'semi_annual' | 'annual',
    amount: Number(r.amount),
    subscriptions: Number(r.subscriptions),
  }));
}

export async function recentAccounts(db: Db, limit: number) {
  return db
    .select({ id: accounts.id, email: accounts.email, slug: accounts.slug, createdAt: accounts.createdAt })
    .from(accounts)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(limit);
}

// ---- settings ------------------------------------------------------------------------------

export async function readSettings(db: Pick<Db, 'select'>): Promise<Map<string, unknown>> {
  const found = await db
    .select({ key: instanceSettings.key, value: instanceSettings.value })
    .from(instanceSettings);
  return new Map(found.map((r) => [r.key, r.value]));
}

/** Stores the values given; a null value removes the key (its default applies again). */
export async function writeSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  const cleared = Object.keys(values).filter((key) => values[key] === null);
  if (cleared.length > 0) await db.delete(instanceSettings).where(inArray(instanceSettings.key, cleared));
  const entries = Object.entries(values).filter(([, value]) => value !== null);
  if (entries.length === 0) return;
  await db
    .insert(instanceSettings)
    .values(entries.map(([key, value]) => ({ key, value: value as object })))
    .onConflictDoUpdate({
      target: instanceSettings.key,
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}
