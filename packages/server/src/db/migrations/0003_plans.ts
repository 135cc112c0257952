/**
 * Plan catalogue, plan prices and organisation subscriptions.
 *
 * The catalogue below is seeded here, so it is written exactly once per database: migrations run
 * under an advisory lock and are recorded, so restarts and concurrent nodes never seed again and
 * never undo what staff changed since. Every existing organisation is subscribed to the Free plan,
 * and a trigger subscribes every organisation created later (whichever code path creates it: the
 * personal organisation of a new account, POST /orgs, …) to the active free SaaS plan.
 *
 * This file is frozen once applied: later catalogue changes are new migrations or admin edits.
 */

type Features = Record<string, number | boolean | string | null>;
interface SeedPlan {
  slug: string;
  name: string;
  description: string;
  planType: 'saas' | 'on_premise' | 'other';
  displayOrder: number;
  free?: boolean;
  customFeatures?: boolean;
  customPlan?: boolean;
  prices: { period: string; amount: number; perNode?: boolean }[];
  features: Features;
}

/** Per operation: daily, monthly, per request, streams on/off and per stream request. */
function operation(
  op: 'forge' | 'mint' | 'slice',
  day: number,
  month: number,
  request: number,
  stream: number,
): Features {
  return {
    [`${op}_enabled`]: true,
    [`max_${op}_per_day`]: day,
    [`max_${op}_per_month`]: month,
    [`max_${op}_per_request`]: request,
    [`${op}_stream_enabled`]: stream !== 0,
    [`max_${op}_per_stream_request`]: stream,
  };
}

function features(f: {
  series: number;
  rpm: number;
  burst: number;
  day: number;
  month: number;
  request: number;
  stream: number;
  window: number;
  components: number;
  complexity: number;
  sdk: boolean;
  maxNodes: number;
  sla: [number, number, string | null, string | null, string | null, string | null, string | null];
}): Features {
  const [slaDay, slaMonth, supportTime, supportAvailability, responseTime, availability, slaPlan] = f.sla;
  return {
    max_series: f.series,
    req_per_minute: f.rpm,
    burst_req_per_minute: f.burst,
    ...operation('forge', f.day, f.month, f.request, f.stream),
    ...operation('mint', f.day, f.month, f.request, f.stream),
    ...operation('slice', f.day, f.month, f.request, f.stream),
    slice_window_back: f.window,
    slice_window_forward: f.window,
    max_pattern_components: f.components,
    max_pattern_complexity: f.complexity,
    sla_max_requests_per_day: slaDay,
    sla_max_requests_per_month: slaMonth,
    sla_support_response_time: supportTime,
    sla_support_availability: supportAvailability,
    sla_response_time: responseTime,
    sla_availability: availability,
    sla_plan_slug: slaPlan,
    api_access: true,
    api_key_access: true,
    sdk_access: f.sdk,
    max_nodes: f.maxNodes,
    management_ui_available: true,
  };
}

const U = -1;

const catalogue: SeedPlan[] = [
  {
    slug: 'free',
    name: 'Free',
    description: 'For trying Slugsmith and small side projects: a few series and modest daily quotas.',
    planType: 'saas',
    displayOrder: 10,
    free: true,
    prices: [],
    features: features({
      series: 3,
      rpm: 60,
      burst: 120,
      day: 1_000,
      month: 10_000,
      request: 100,
      stream: 0,
      window: 1_000,
      components: 8,
      complexity: 1_000,
      sdk: false,
      maxNodes: 0,
      sla: [0, 0, null, 'community', null, null, null],
    }),
  },
  {
    slug: 'pro',
    name: 'Pro',
    description: 'For production applications: streams, SDK keys for browsers and apps, e-mail support.',
    planType: 'saas',
    displayOrder: 20,
    prices: [
      { period: 'monthly', amount: 1_900 },
      { period: 'semi_annual', amount: 9_900 },
      { period: 'annual', amount: 17_900 },
    ],
    features: features({
      series: 25,
      rpm: 600,
      burst: 1_200,
      day: 100_000,
      month: 2_000_000,
      request: 1_000,
      stream: 100_000,
      window: 100_000,
      components: 16,
      complexity: 100_000,
      sdk: true,
      maxNodes: 0,
      sla: [100_000, 2_000_000, '48h', 'business days', 'p95 200 ms', '99.5%', 'standard'],
    }),
  },
  {
    slug: 'team',
    name: 'Team',
    description: 'For teams with several products: many series, high quotas and next-business-day support.',
    planType: 'saas',
    displayOrder: 30,
    prices: [
      { period: 'monthly', amount: 7_900 },
      { period: 'semi_annual', amount: 42_900 },
      { period: 'annual', amount: 79_900 },
    ],
    features: features({
      series: 200,
      rpm: 3_000,
      burst: 6_000,
      day: 1_000_000,
      month: 25_000_000,
      request: 10_000,
      stream: 1_000_000,
      window: 1_000_000,
      components: 24,
      complexity: 10_000_000,
      sdk: true,
      maxNodes: 0,
      sla: [1_000_000, 25_000_000, '24h', 'business days', 'p95 150 ms', '99.9%', 'business'],
    }),
  },
  {
    slug: 'enterprise',
    name: 'Enterprise',
    description: 'Limits, terms and support agreed with you; priced on request.',
    planType: 'saas',
    displayOrder: 40,
    customFeatures: true,
    customPlan: true,
    prices: [],
    features: features({
      series: U,
      rpm: U,
      burst: U,
      day: U,
      month: U,
      request: 10_000,
      stream: U,
      window: U,
      components: U,
      complexity: U,
      sdk: true,
      maxNodes: 0,
      sla: [U, U, '4h', '24/7', 'p95 100 ms', '99.95%', 'enterprise'],
    }),
  },
  {
    slug: 'on-premise',
    name: 'On-premise',
    description:
      'Run Slugsmith on your own machines, priced per concurrent node; yearly or a perpetual licence.',
    planType: 'on_premise',
    displayOrder: 10,
    prices: [
      { period: 'annual', amount: 120_000, perNode: true },
      { period: 'perpetual', amount: 480_000, perNode: true },
    ],
    features: features({
      series: U,
      rpm: U,
      burst: U,
      day: U,
      month: U,
      request: U,
      stream: U,
      window: U,
      components: U,
      complexity: U,
      sdk: true,
      maxNodes: U,
      sla: [U, U, '24h', 'business days', null, null, 'on-premise'],
    }),
  },
];

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

const seed = catalogue
  .map((p) => {
    const insertPlan = `INSERT INTO plans (slug, name, description, plan_type, display_order, free, custom_features, custom_plan, state, features)
VALUES (${lit(p.slug)}, ${lit(p.name)}, ${lit(p.description)}, ${lit(p.planType)}, ${p.displayOrder}, ${!!p.free}, ${!!p.customFeatures}, ${!!p.customPlan}, 'active', ${lit(JSON.stringify(p.features))}::jsonb)
ON CONFLICT (slug) DO NOTHING;`;
    const prices = p.prices.map(
      (price) => `INSERT INTO plan_prices (plan_id, period, amount, currency, per_node)
SELECT id, ${lit(price.period)}, ${price.amount}, 'USD', ${!!price.perNode} FROM plans WHERE slug = ${lit(p.slug)}
ON CONFLICT (plan_id, period, currency) DO NOTHING;`,
    );
    return [insertPlan, ...prices].join('\n');
  })
  .join('\n');

export const sql = /* sql */ `
CREATE TABLE plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  plan_type text NOT NULL CHECK (plan_type IN ('saas', 'on_premise', 'other')),
  display_order integer NOT NULL DEFAULT 0,
  free boolean NOT NULL DEFAULT false,
  custom_features boolean NOT NULL DEFAULT false,
  custom_plan boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'inactive', 'archived')),
  features jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plans_slug_key ON plans (slug);

CREATE TABLE plan_prices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id uuid NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  period text NOT NULL CHECK (period IN ('monthly', 'semi_annual', 'annual', 'perpetual')),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'USD',
  per_node boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plan_prices_plan_period_key ON plan_prices (plan_id, period, currency);

CREATE TABLE org_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  plan_id uuid NOT NULL REFERENCES plans (id),
  state text NOT NULL CHECK (state IN ('draft', 'active', 'inactive', 'expired', 'trial', 'past_due', 'pending', 'cancelled')),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  unit text NOT NULL DEFAULT 'unit' CHECK (unit IN ('seat', 'node', 'unit')),
  started_at timestamptz NOT NULL DEFAULT now(),
  trial_until timestamptz,
  renews_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX org_subscriptions_org_idx ON org_subscriptions (org_id);
CREATE INDEX org_subscriptions_plan_idx ON org_subscriptions (plan_id);

${seed}

INSERT INTO org_subscriptions (org_id, plan_id, state, quantity, unit, started_at)
SELECT o.id, p.id, 'active', 1, 'unit', o.created_at
FROM organisations o
CROSS JOIN (
  SELECT id FROM plans WHERE free AND plan_type = 'saas' AND state = 'active'
  ORDER BY display_order, slug LIMIT 1
) p;

CREATE FUNCTION subscribe_org_to_free_plan() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO org_subscriptions (org_id, plan_id, state, quantity, unit, started_at)
  SELECT NEW.id, p.id, 'active', 1, 'unit', NEW.created_at
  FROM plans p
  WHERE p.free AND p.plan_type = 'saas' AND p.state = 'active'
  ORDER BY p.display_order, p.slug
  LIMIT 1;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER organisations_free_plan AFTER INSERT ON organisations
  FOR EACH ROW EXECUTE FUNCTION subscribe_org_to_free_plan();
`;
