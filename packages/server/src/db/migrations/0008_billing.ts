/**
 * Billing (product spec §1, §3, §4, §7.7): the payment provider's ids beside ours, the provider's
 * side of a subscription, the provider's events (stored before they are processed, once per event
 * id) and transactions (the billing history). Provider-neutral: `provider` names `local` or
 * `paddle`; the local sandbox keeps its own records in its own tables.
 */
export const sql = /* sql */ `
CREATE TABLE billing_refs (
  provider text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('product', 'price', 'customer')),
  local_id uuid NOT NULL,
  provider_id text NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, kind, local_id)
);
CREATE UNIQUE INDEX billing_refs_provider_id_key ON billing_refs (provider, kind, provider_id);

ALTER TABLE org_subscriptions
  ADD COLUMN provider text,
  ADD COLUMN provider_subscription_id text,
  ADD COLUMN price_id uuid REFERENCES plan_prices (id) ON DELETE SET NULL,
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN current_period_start timestamptz,
  ADD COLUMN current_period_end timestamptz,
  ADD COLUMN provider_updated_at timestamptz;
CREATE UNIQUE INDEX org_subscriptions_provider_key
  ON org_subscriptions (provider, provider_subscription_id) WHERE provider_subscription_id IS NOT NULL;

CREATE TABLE billing_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  entity_id text,
  customer_id text,
  occurred_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'received'
    CHECK (state IN ('received', 'processed', 'failed', 'acknowledged')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  last_error text,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE UNIQUE INDEX billing_events_provider_event_key ON billing_events (provider, event_id);
CREATE INDEX billing_events_due_idx ON billing_events (state, next_attempt_at);
CREATE INDEX billing_events_entity_idx ON billing_events (provider, entity_id, occurred_at);

CREATE TABLE billing_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  provider_transaction_id text NOT NULL,
  org_id uuid REFERENCES organisations (id) ON DELETE SET NULL,
  subscription_id uuid REFERENCES org_subscriptions (id) ON DELETE SET NULL,
  status text NOT NULL,
  origin text NOT NULL DEFAULT 'web',
  currency text NOT NULL DEFAULT 'USD',
  subtotal integer NOT NULL DEFAULT 0,
  tax integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  invoice_number text,
  billed_at timestamptz,
  provider_updated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX billing_transactions_provider_key ON billing_transactions (provider, provider_transaction_id);
CREATE INDEX billing_transactions_org_idx ON billing_transactions (org_id, created_at);
`;
