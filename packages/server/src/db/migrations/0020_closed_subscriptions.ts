/**
 * Subscriptions cancelled when their organisation was deleted are remembered beside the
 * provider's id, so that their late events are let go instead of failing for want of an
 * organisation.
 */
export const sql = /* sql */ `
ALTER TABLE billing_refs DROP CONSTRAINT billing_refs_kind_check;
ALTER TABLE billing_refs ADD CONSTRAINT billing_refs_kind_check
  CHECK (kind IN ('product', 'price', 'customer', 'closed_subscription'));
`;
