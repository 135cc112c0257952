// Tax as a merchant of record charges it on a digital service: the buyer country's standard VAT
// in the EU, reverse charge for a business (a VAT number) in another EU country than the seller's,
// none outside the EU. The sandbox charges by these rules and invoices name reverse charge by
// them; with Paddle the amounts are Paddle's own.

/**
 * Standard VAT rates in basis points (1900 = 19 %). Source: European Commission, "VAT rates
 * applied in the Member States of the European Union", situation at 1 January 2026
 * (taxation-customs.ec.europa.eu), with the changes of 2025: EE 24 % (July), RO 21 % (August),
 * SK 23 % (January), FI 25.5 % (since September 2024).
 */
export const EU_STANDARD_VAT: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export interface Buyer {
  country: string | null;
  vatNumber: string | null;
}

export interface TaxTreatment {
  /** Basis points. */
  rate: number;
  reverseCharge: boolean;
}

/** How a sale from a seller in `sellerCountry` (null: unknown) to `buyer` is taxed. */
export function taxTreatment(sellerCountry: string | null, buyer: Buyer): TaxTreatment {
  const standard = buyer.country ? EU_STANDARD_VAT[buyer.country] : undefined;
  if (standard === undefined) return { rate: 0, reverseCharge: false };
  if (buyer.vatNumber && buyer.country !== sellerCountry) return { rate: 0, reverseCharge: true };
  return { rate: standard, reverseCharge: false };
}

/** The tax of a net amount in minor units, rounded half up as invoices are. */
export const taxOf = (net: number, rate: number) => Math.round((net * rate) / 10_000);

/** A rate as Paddle writes it in `tax_rates_used` ("0.19", "0.255"). */
export const rateText = (rate: number) => String(rate / 10_000);
