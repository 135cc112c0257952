/**
 * Invoices a business can file: the buyer's billing details per organisation, the sandbox
 * customer's country and VAT number (its tax follows them, as a merchant of record's does), the
 * tax rate of each transaction, the parties an invoice names, and when its receipt was sent.
 */
export const sql = /* sql */ `
CREATE TABLE org_billing_details (
  org_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  name text,
  address text,
  country text,
  vat_number text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE local_pay_customers ADD COLUMN country text, ADD COLUMN vat_number text;
ALTER TABLE local_pay_transactions ADD COLUMN tax_rate text NOT NULL DEFAULT '0';
ALTER TABLE billing_transactions
  ADD COLUMN tax_rate text,
  ADD COLUMN reverse_charge boolean NOT NULL DEFAULT false,
  ADD COLUMN parties jsonb,
  ADD COLUMN receipt_sent_at timestamptz;
`;
