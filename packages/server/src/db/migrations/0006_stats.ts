/**
 * Usage statistics: raw per-minute counts that every node appends in batches, and the
 * per-period rows (product spec §3 Statistics row) an aggregation run folds them into.
 *
 * No foreign keys on purpose: statistics are history and outlive the series, keys and
 * organisations they count, and a batch naming something deleted a moment ago must still insert.
 * "None" (a forge has no series; a console call has no key; the all-organisations rows) is the
 * nil uuid, so that every row has one unique identity.
 */
export const sql = /* sql */ `
CREATE TABLE stats_minutes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id uuid NOT NULL,
  series_id uuid NOT NULL,
  key_id uuid NOT NULL,
  event_type text NOT NULL CHECK (event_type IN ('forge', 'mint', 'slice', 'reset')),
  minute timestamptz NOT NULL,
  total_count bigint NOT NULL CHECK (total_count >= 0),
  request_count bigint NOT NULL CHECK (request_count >= 0),
  total_duration_us bigint NOT NULL CHECK (total_duration_us >= 0)
);

CREATE TABLE stats (
  org_id uuid NOT NULL,
  series_id uuid NOT NULL,
  key_id uuid NOT NULL,
  event_type text NOT NULL CHECK (event_type IN ('forge', 'mint', 'slice', 'reset')),
  date_part text NOT NULL CHECK (date_part IN ('hour', 'day', 'week', 'month', 'year', 'total')),
  period_start timestamptz NOT NULL,
  total_count bigint NOT NULL DEFAULT 0,
  request_count bigint NOT NULL DEFAULT 0,
  total_duration_us bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, series_id, key_id, event_type, date_part, period_start)
);
CREATE INDEX stats_series_idx ON stats (series_id, date_part, period_start) WHERE series_id <> '00000000-0000-0000-0000-000000000000';
CREATE INDEX stats_key_idx ON stats (key_id, date_part, period_start) WHERE key_id <> '00000000-0000-0000-0000-000000000000';
`;
