/**
 * Invitations to organisations: owners and admins invite an address with a role; the
 * link's secret is kept only as a hash. A pending invitation per organisation and address at most.
 */
export const sql = /* sql */ `
CREATE TABLE org_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('member', 'admin', 'owner')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX org_invitations_open_key ON org_invitations (org_id, lower(email))
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
`;
