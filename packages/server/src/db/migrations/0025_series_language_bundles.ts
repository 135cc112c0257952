/**
 * A series pins the language bundles its pattern reads (`{noun@de}`, `[@fr]`) as it pins the
 * English bundle: `{"de": "1.0.0-c6931463"}`, language to bundle id; `{}` for an English pattern,
 * so every existing series renders exactly as before.
 */
export const sql = /* sql */ `
ALTER TABLE series ADD COLUMN language_bundles jsonb NOT NULL DEFAULT '{}'::jsonb;
`;
