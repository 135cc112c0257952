// The staff dashboard's figures (product spec §2.3 /admin).
import type { AdminDashboard, GenerationVolume, PlanRevenue, StatsEntry } from '@slugsmith/contract';
import type { Db } from '../../db/connect.js';
import type { StatsService } from '../stats/service.js';
import * as q from './queries.js';

const MONTHS_PER_PERIOD = { monthly: 1, semi_annual: 6, annual: 12 } as const;

/** Revenue per plan and currency brought to one month; largest plans (display order) last. */
export function monthlyRevenue(rows: Awaited<ReturnType<typeof q.recurringRevenue>>): PlanRevenue[] {
  const byPlan = new Map<string, PlanRevenue & { order: number; exact: number }>();
  for (const r of rows) {
    const key = `${r.plan}\u0000${r.currency}`;
    const entry = byPlan.get(key) ?? {
      plan: r.plan,
      plan_name: r.planName,
      currency: r.currency,
      monthly_amount: 0,
      subscriptions: 0,
      order: r.displayOrder,
      exact: 0,
    };
    entry.exact += r.amount / MONTHS_PER_PERIOD[r.period];
    entry.subscriptions += r.subscriptions;
    byPlan.set(key, entry);
  }
  return [...byPlan.values()]
    .sort((a, b) => a.order - b.order || a.plan.localeCompare(b.plan) || a.currency.localeCompare(b.currency))
    .map(({ order: _order, exact, ...r }) => ({ ...r, monthly_amount: Math.round(exact) }));
}

function volume(rows: StatsEntry[], datePart: 'day' | 'month'): GenerationVolume {
  const of = rows.filter((r) => r.date_part === datePart);
  const slugs = (type: string) =>
    of.filter((r) => r.event_type === type).reduce((n, r) => n + r.total_count, 0);
  return {
    forge: slugs('forge'),
    mint: slugs('mint'),
    slice: slugs('slice'),
    requests: of.filter((r) => r.event_type !== 'reset').reduce((n, r) => n + r.request_count, 0),
  };
}

export async function dashboard(db: Db, stats: StatsService): Promise<AdminDashboard> {
  const [counts, revenue, recent, generation] = await Promise.all([
    q.dashboardCounts(db),
    q.recurringRevenue(db),
    q.recentAccounts(db, 10),
    stats.latest({ kind: 'all' }),
  ]);
  return {
    organisations: counts.organisations,
    users: counts.users,
    paying_subscriptions: counts.paying,
    monthly_recurring_revenue: monthlyRevenue(revenue),
    past_due_subscriptions: counts.pastDue,
    failed_payment_events: counts.failedEvents,
    recent_sign_ups: recent.map((a) => ({
      id: a.id,
      email: a.email,
      slug: a.slug,
      created_at: a.createdAt.toISOString(),
    })),
    generation: { today: volume(generation, 'day'), this_month: volume(generation, 'month') },
  };
}
