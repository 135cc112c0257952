/**
 * Account security: verified e-mail addresses, single-use links for verification and
 * password reset, the outbox of the embedded mailer, and the failure counts that throttle
 * sign-in, reset and verification requests when Redis is not configured.
 */
export const sql = /* sql */ `
-- Built-in accounts: when the address was verified, and the language their e-mail is written in.
ALTER TABLE local_users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE local_users ADD COLUMN language text;
-- Accounts of external issuers: set from the token's email_verified claim.
ALTER TABLE accounts ADD COLUMN email_verified_at timestamptz;

-- Only a hash of a link's secret is kept: a database dump does not open anyone's account.
CREATE TABLE account_links (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  user_id uuid NOT NULL REFERENCES local_users (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_links_user_idx ON account_links (user_id, purpose);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  recipient text NOT NULL,
  subject text NOT NULL,
  kind text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

CREATE TABLE auth_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  blocked_until timestamptz,
  expires_at timestamptz NOT NULL
);
`;
