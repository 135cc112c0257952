/**
 * Legacy SDK keys (issue 36 item 7): a manual SDK config made through the legacy-key routes is
 * flagged, so that it is listed once — under the legacy SDK keys, not also as a config — and a
 * manual config made as a config is not listed as a legacy key. Configs made before this
 * migration cannot be told apart and stay configs (their cards manage their one key fully).
 */
export const sql = /* sql */ `
ALTER TABLE sdk_configs ADD COLUMN legacy boolean NOT NULL DEFAULT false;
`;
