/**
 * Trials and the catalogue sync across nodes: a plan price may offer a free trial of
 * some days (Paddle keeps a trial per price, `trial_period`, so it lives on the price here too and
 * the sandbox's copy of the price), the sandbox's checkout remembers where "Cancel" returns the
 * buyer, and a lease lets one node at a time mirror the catalogue in the provider.
 */
export const sql = /* sql */ `
ALTER TABLE plan_prices
  ADD COLUMN trial_days integer NOT NULL DEFAULT 0 CHECK (trial_days BETWEEN 0 AND 365);

ALTER TABLE local_pay_prices
  ADD COLUMN trial_days integer NOT NULL DEFAULT 0;

ALTER TABLE local_pay_transactions
  ADD COLUMN cancel_url text;

CREATE TABLE billing_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
`;
