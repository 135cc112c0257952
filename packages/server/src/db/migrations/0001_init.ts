/** Accounts, agreements, organisations, members and the built-in provider's storage. */
export const sql = /* sql */ `
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  issuer text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL,
  slug text NOT NULL,
  display_name text,
  permissions jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_issuer_subject_key ON accounts (issuer, subject);
CREATE UNIQUE INDEX accounts_slug_key ON accounts (slug);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

CREATE TABLE agreements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  version text NOT NULL,
  title text NOT NULL,
  url text NOT NULL,
  published_at timestamptz NOT NULL,
  is_mandatory boolean NOT NULL
);
CREATE UNIQUE INDEX agreements_type_version_key ON agreements (type, version);

CREATE TABLE agreement_acceptances (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  agreement_id uuid NOT NULL REFERENCES agreements (id),
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, agreement_id)
);

CREATE TABLE organisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  name text NOT NULL,
  personal_account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organisations_slug_key ON organisations (slug);
CREATE UNIQUE INDEX organisations_personal_account_key ON organisations (personal_account_id);

CREATE TABLE memberships (
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('member', 'admin', 'owner')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, account_id)
);
CREATE INDEX memberships_account_idx ON memberships (account_id);

CREATE TABLE local_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX local_users_email_key ON local_users (lower(email));

CREATE TABLE secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
CREATE INDEX oidc_payloads_user_code_idx ON oidc_payloads (user_code);

INSERT INTO agreements (type, version, title, url, published_at, is_mandatory) VALUES
  ('eula', '2026-11-01', 'End-User Licence Agreement', '/legal/eula', '2026-11-01T00:00:00Z', true),
  ('privacy_policy', '2026-11-01', 'Privacy Policy', '/legal/privacy-policy', '2026-11-01T00:00:00Z', true),
  ('terms_of_service', '2026-11-01', 'Terms of Service', '/legal/terms-of-service', '2026-11-01T00:00:00Z', true);
`;
