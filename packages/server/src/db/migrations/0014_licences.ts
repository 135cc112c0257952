/**
 * On-premise licences: every signed licence token the service issued, when an
 * on-premise plan was bought, renewed or changed, or by staff by hand. A re-issue points the old
 * row at its successor; a revocation is published so that installs that reach the service refuse it.
 */
export const sql = /* sql */ `
CREATE TABLE licences (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  -- The subscription it was issued for (null: issued by staff by hand).
  subscription_id uuid REFERENCES org_subscriptions (id) ON DELETE SET NULL,
  plan_id uuid REFERENCES plans (id) ON DELETE SET NULL,
  plan_slug text NOT NULL,
  plan_name text NOT NULL,
  max_nodes integer NOT NULL CHECK (max_nodes >= 1),
  perpetual boolean NOT NULL,
  issued_at timestamptz NOT NULL,
  valid_until timestamptz,
  updates_until timestamptz,
  token text NOT NULL,
  revoked_at timestamptz,
  superseded_by uuid REFERENCES licences (id) ON DELETE SET NULL,
  -- The staff account that issued it by hand (null: issued on a purchase).
  issued_by uuid REFERENCES accounts (id) ON DELETE SET NULL
);
CREATE INDEX licences_org_idx ON licences (org_id, issued_at DESC);
CREATE INDEX licences_subscription_idx ON licences (subscription_id) WHERE superseded_by IS NULL;
CREATE INDEX licences_revoked_idx ON licences (revoked_at) WHERE revoked_at IS NOT NULL;
`;
