/**
 * An on-premise install's revocation list (issue 36): the last list it verified (fetched from its
 * issuer or imported), kept so that a restart without the issuer still knows it, and when this
 * install first learned of each revoked licence (its grace period counts from then, across
 * restarts). The issuer's own revocations stay in `licences.revoked_at`.
 */
export const sql = /* sql */ `
CREATE TABLE install_revocation_list (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  signed jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('fetched', 'imported')),
  stored_at timestamptz NOT NULL
);
CREATE TABLE install_revocations (
  licence_id uuid PRIMARY KEY,
  revoked_at timestamptz NOT NULL,
  learned_at timestamptz NOT NULL
);
`;
