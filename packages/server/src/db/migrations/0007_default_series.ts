/**
 * The default series of an organisation: the one an org-wide API key's mint, slice, reset and
 * series-info use when the request names none (the reference Python SDK's quick start names
 * none). Empty until someone picks one in the console: then the organisation's first series (the
 * oldest) is the default. A chosen default that is deleted falls back to the first again.
 */
export const sql = /* sql */ `
ALTER TABLE organisations
  ADD COLUMN default_series_id uuid REFERENCES series (id) ON DELETE SET NULL;
CREATE INDEX series_org_created_idx ON series (org_id, created_at, id);
`;
