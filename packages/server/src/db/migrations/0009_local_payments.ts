/**
 * The local payment sandbox (the embedded default provider): everything it knows as a payment
 * provider lives here — its settings (webhook secret, sandbox clock), customers, the products and
 * prices it made for our plans, transactions, subscriptions with the card on file, and the outbox
 * of webhook events it delivers to our own webhook route. A restart loses nothing.
 */
export const sql = /* sql */ `
CREATE TABLE local_pay_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  webhook_secret text NOT NULL,
  clock_offset_seconds bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_pay_customers (
  id text PRIMARY KEY,
  org_id uuid,
  email text NOT NULL,
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_pay_customers_org_idx ON local_pay_customers (org_id);

CREATE TABLE local_pay_products (
  id text PRIMARY KEY,
  plan_id uuid NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_pay_prices (
  id text PRIMARY KEY,
  product_id text NOT NULL REFERENCES local_pay_products (id),
  price_id uuid NOT NULL UNIQUE,
  period text NOT NULL CHECK (period IN ('monthly', 'semi_annual', 'annual', 'perpetual')),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  per_node boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE local_pay_invoice_seq;

CREATE TABLE local_pay_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_pay_customers (id),
  status text NOT NULL CHECK (status IN ('active', 'trialing', 'past_due', 'paused', 'canceled')),
  price_id text NOT NULL REFERENCES local_pay_prices (id),
  quantity integer NOT NULL CHECK (quantity >= 1),
  currency text NOT NULL,
  custom_data jsonb,
  started_at timestamptz NOT NULL,
  current_period_start timestamptz,
  current_period_end timestamptz,
  next_billed_at timestamptz,
  trial_ends_at timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  canceled_at timestamptz,
  card_last4 text NOT NULL,
  card_declines boolean NOT NULL DEFAULT false,
  dunning_attempts integer NOT NULL DEFAULT 0,
  retry_at timestamptz,
  payment_method_return_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_pay_subscriptions_due_idx ON local_pay_subscriptions (status, next_billed_at);

CREATE TABLE local_pay_transactions (
  id text PRIMARY KEY,
  status text NOT NULL
    CHECK (status IN ('draft', 'ready', 'billed', 'paid', 'completed', 'canceled', 'past_due')),
  customer_id text NOT NULL REFERENCES local_pay_customers (id),
  subscription_id text REFERENCES local_pay_subscriptions (id),
  origin text NOT NULL,
  price_id text NOT NULL REFERENCES local_pay_prices (id),
  quantity integer NOT NULL,
  currency text NOT NULL,
  subtotal integer NOT NULL,
  tax integer NOT NULL DEFAULT 0,
  total integer NOT NULL,
  description text NOT NULL,
  custom_data jsonb,
  trial_days integer NOT NULL DEFAULT 0,
  success_url text,
  invoice_number text,
  billed_at timestamptz,
  pending_challenge text,
  pending_card jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX local_pay_transactions_subscription_idx ON local_pay_transactions (subscription_id);

CREATE TABLE local_pay_outbox (
  seq bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE,
  event_type text NOT NULL,
  entity_id text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  gave_up_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_pay_outbox_pending_idx ON local_pay_outbox (seq) WHERE delivered_at IS NULL AND gave_up_at IS NULL;
`;
