/** Series, API keys, SDK configs and their signing keys, short links. */
export const sql = /* sql */ `
CREATE TABLE series (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  slug text NOT NULL,
  name text NOT NULL,
  pattern text NOT NULL,
  seed text NOT NULL,
  bundle_id text NOT NULL,
  algorithm text NOT NULL,
  capacity numeric(80, 0) NOT NULL,
  max_slug_length integer NOT NULL,
  generated numeric(20, 0) NOT NULL DEFAULT 0 CHECK (generated >= 0 AND generated <= capacity),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX series_org_slug_key ON series (org_id, slug);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  series_id uuid REFERENCES series (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  hash text NOT NULL,
  scopes text[] NOT NULL,
  owner_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
  enabled boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX api_keys_hash_key ON api_keys (hash);
CREATE INDEX api_keys_org_idx ON api_keys (org_id);

CREATE TABLE sdk_configs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  series_id uuid REFERENCES series (id) ON DELETE CASCADE,
  slug text NOT NULL,
  name text NOT NULL,
  scopes text[] NOT NULL,
  rotation text NOT NULL CHECK (rotation IN ('manual', 'automatic')),
  period_seconds integer,
  period text,
  origins text[] NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  anchor timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (rotation = 'manual' OR period_seconds > 0)
);
CREATE UNIQUE INDEX sdk_configs_slug_key ON sdk_configs (slug);
CREATE INDEX sdk_configs_org_idx ON sdk_configs (org_id);

CREATE TABLE sdk_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES sdk_configs (id) ON DELETE CASCADE,
  slug text NOT NULL,
  idx integer NOT NULL,
  jwk jsonb NOT NULL,
  effective_from timestamptz NOT NULL,
  effective_to timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sdk_keys_config_idx_key ON sdk_keys (config_id, idx);
CREATE UNIQUE INDEX sdk_keys_slug_key ON sdk_keys (slug);

CREATE SEQUENCE short_link_seq;
CREATE TABLE short_links (
  code text PRIMARY KEY,
  org_id uuid REFERENCES organisations (id) ON DELETE CASCADE,
  pattern text NOT NULL,
  seed text,
  sequence text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
