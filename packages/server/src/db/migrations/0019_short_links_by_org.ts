/**
 * Short links are bounded per organisation, in all and per day: each POST /shorten counts the
 * organisation's rows, which this index answers without reading the whole table.
 */
export const sql = /* sql */ `
CREATE INDEX short_links_org_created_idx ON short_links (org_id, created_at);
`;
