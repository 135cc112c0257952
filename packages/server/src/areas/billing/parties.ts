// The parties of an invoice: the seller from the instance settings, the buyer from the
// organisation's billing details (its name when no billing name is set); and those details as
// owners and admins read and change them.
import type { OrgBillingDetails, UpdateOrgBillingDetails } from '@slugsmith/contract';
import type { Db } from '../../db/connect.js';
import type { InvoiceParties } from '../../db/schema.js';
import { readSeller } from '../admin/settings.js';
import * as q from './invoice-queries.js';
import { taxTreatment } from './tax.js';

const toDetails = (row: q.BillingDetailsRow | null | undefined): OrgBillingDetails => ({
  name: row?.name ?? null,
  address: row?.address ?? null,
  country: row?.country ?? null,
  vat_number: row?.vatNumber ?? null,
});

export async function billingDetails(db: Db, orgId: string): Promise<OrgBillingDetails> {
  return toDetails(await q.findBillingDetails(db, orgId));
}

/** Replaces the details: a field left out or null is cleared. */
export async function saveBillingDetails(
  db: Db,
  orgId: string,
  input: UpdateOrgBillingDetails,
): Promise<OrgBillingDetails> {
  return toDetails(
    await q.saveBillingDetails(db, orgId, {
      name: input.name ?? null,
      address: input.address ?? null,
      country: input.country ?? null,
      vatNumber: input.vat_number ?? null,
    }),
  );
}

/**
 * The buyer's country and VAT number for a checkout: those the checkout form sent (saved as the
 * organisation's billing details, a VAT number left out is cleared), else those stored.
 */
export async function checkoutBuyer(
  db: Db,
  orgId: string,
  input: { country_code?: string; vat_number?: string },
): Promise<{ countryCode?: string; vatNumber?: string }> {
  const stored = await q.findBillingDetails(db, orgId);
  if (!input.country_code) {
    return { countryCode: stored?.country ?? undefined, vatNumber: stored?.vatNumber ?? undefined };
  }
  await q.saveBillingDetails(db, orgId, {
    name: stored?.name ?? null,
    address: stored?.address ?? null,
    country: input.country_code,
    vatNumber: input.vat_number || null,
  });
  return { countryCode: input.country_code, vatNumber: input.vat_number || undefined };
}

/** Who an invoice of the organisation names now, and whether no tax means reverse charge. */
export async function invoiceParties(
  db: Db,
  orgId: string | null,
  tax: number,
): Promise<{ parties: InvoiceParties; reverseCharge: boolean }> {
  const seller = await readSeller(db);
  const found = orgId ? await q.orgWithBillingDetails(db, orgId) : undefined;
  const details = found?.details;
  const buyer = {
    name: details?.name ?? found?.orgName ?? '',
    address: details?.address ?? null,
    country: details?.country ?? null,
    vatNumber: details?.vatNumber ?? null,
  };
  const treatment = taxTreatment(seller.seller_country, buyer);
  return {
    parties: {
      seller: {
        name: seller.seller_name ?? '',
        address: seller.seller_address,
        country: seller.seller_country,
        vatNumber: seller.seller_vat_number,
      },
      buyer,
      footer: seller.invoice_footer,
    },
    reverseCharge: treatment.reverseCharge && tax === 0,
  };
}
