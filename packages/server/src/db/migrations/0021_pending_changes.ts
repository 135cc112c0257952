/**
 * A plan change the provider accepted is shown as pending until the provider's event brings it
 * (the console would otherwise show the old plan as if nothing had happened).
 */
export const sql = /* sql */ `
ALTER TABLE org_subscriptions ADD COLUMN pending_change jsonb;
`;
