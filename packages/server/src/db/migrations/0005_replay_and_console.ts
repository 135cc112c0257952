/**
 * Issue 5, remaining parts: signatures already used (replay protection shared by every node on one
 * database when no Redis is configured), organisations the server owns itself (the public web
 * console's), and the limits the public console is held to.
 *
 * The public-console plan is seeded here, once; it is inactive, so nobody can subscribe to it and
 * the public catalogue never lists it. Staff may edit its limits like any plan's.
 */

const publicConsoleFeatures = {
  max_series: 0,
  req_per_minute: 600,
  burst_req_per_minute: 1_200,
  forge_enabled: true,
  max_forge_per_day: 500_000,
  max_forge_per_month: 10_000_000,
  max_forge_per_request: 1_000,
  forge_stream_enabled: false,
  max_forge_per_stream_request: 0,
  mint_enabled: false,
  max_mint_per_day: 0,
  max_mint_per_month: 0,
  max_mint_per_request: 0,
  mint_stream_enabled: false,
  max_mint_per_stream_request: 0,
  slice_enabled: false,
  max_slice_per_day: 0,
  max_slice_per_month: 0,
  max_slice_per_request: 0,
  slice_stream_enabled: false,
  max_slice_per_stream_request: 0,
  slice_window_back: 0,
  slice_window_forward: 0,
  max_pattern_components: 8,
  max_pattern_complexity: 1_000,
  sla_max_requests_per_day: 0,
  sla_max_requests_per_month: 0,
  sla_support_response_time: null,
  sla_support_availability: null,
  sla_response_time: null,
  sla_availability: null,
  sla_plan_slug: null,
  api_access: true,
  api_key_access: false,
  sdk_access: true,
  max_nodes: 0,
  management_ui_available: false,
};

export const sql = /* sql */ `
-- A signature is remembered until its timestamp leaves the accepted window; a second insert of
-- the same signature finds the row and the request is refused as a replay.
CREATE TABLE replay_signatures (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX replay_signatures_expires_idx ON replay_signatures (expires_at);

-- Organisations the server itself owns, by purpose (e.g. 'public-console'); nobody is a member.
CREATE TABLE system_organisations (
  purpose text PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX system_organisations_org_key ON system_organisations (org_id);

INSERT INTO plans (slug, name, description, plan_type, display_order, free, state, features)
VALUES (
  'public-console',
  'Public console',
  'Limits of the anonymous web console (landing page and playground): forge and pattern reads only.',
  'saas',
  1000,
  false,
  'inactive',
  '${JSON.stringify(publicConsoleFeatures)}'::jsonb
)
ON CONFLICT (slug) DO NOTHING;
`;
