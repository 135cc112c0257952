/**
 * The document service: documents, their translations and tags; the end-user licence
 * agreement links to the document that exists (`/legal/end-user-licence`), versions unchanged.
 */
export const sql = /* sql */ `
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  collection text NOT NULL,
  format text NOT NULL DEFAULT 'markdown' CHECK (format IN ('markdown', 'yaml')),
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published')),
  position integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  seeded_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX documents_slug_key ON documents (slug);

CREATE TABLE document_translations (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  seeded_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, language)
);

CREATE TABLE document_tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX document_tags_name_key ON document_tags (name);

CREATE TABLE document_taggings (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  tag_id uuid NOT NULL REFERENCES document_tags (id) ON DELETE CASCADE,
  PRIMARY KEY (document_id, tag_id)
);
CREATE INDEX document_taggings_tag_idx ON document_taggings (tag_id);

-- Seeded documents an administrator deleted: the seed does not bring them back.
CREATE TABLE documents_removed (
  slug text PRIMARY KEY,
  removed_at timestamptz NOT NULL DEFAULT now()
);

UPDATE agreements SET url = '/legal/end-user-licence' WHERE type = 'eula' AND url = '/legal/eula';
`;
