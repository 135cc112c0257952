/**
 * The staff area (product spec §2.3, §6): staff levels in the accounts' permissions objects,
 * accounts whose sign-in staff disabled, suspended organisations, the instance settings the
 * console reads, and the audit log of every staff write.
 */
export const sql = /* sql */ `
-- Before staff levels, any permissions object granted everything: such objects that name no
-- level keep that as the admin level.
UPDATE accounts SET permissions = '{"admin": true}'::jsonb
 WHERE jsonb_typeof(permissions) = 'object'
   AND permissions -> 'admin' IS DISTINCT FROM 'true'::jsonb
   AND permissions -> 'support' IS DISTINCT FROM 'true'::jsonb;

CREATE TABLE account_sign_in_blocks (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  blocked_at timestamptz NOT NULL DEFAULT now(),
  blocked_by uuid REFERENCES accounts (id) ON DELETE SET NULL
);

CREATE TABLE org_suspensions (
  org_id uuid PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  suspended_at timestamptz NOT NULL DEFAULT now(),
  suspended_by uuid REFERENCES accounts (id) ON DELETE SET NULL
);

CREATE TABLE instance_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The actor is kept by id and e-mail without a reference: the entry outlives the account.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_email text NOT NULL,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_object_idx ON audit_log (object_type, object_id, at DESC);
`;
