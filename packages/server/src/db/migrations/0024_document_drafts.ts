/**
 * Documents are published by an action (product spec §3, §4): `document_translations` holds the
 * text the public reads, `document_drafts` staff's saved edits of a translation until they are
 * published or discarded. The text of documents never published moves to drafts (nobody reads it).
 */
export const sql = /* sql */ `
CREATE TABLE document_drafts (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, language)
);

INSERT INTO document_drafts (document_id, language, title, content, created_at, updated_at)
SELECT t.document_id, t.language, t.title, t.content, t.created_at, t.updated_at
FROM document_translations t JOIN documents d ON d.id = t.document_id
WHERE d.published_at IS NULL;

DELETE FROM document_translations t USING documents d
WHERE d.id = t.document_id AND d.published_at IS NULL;
`;
