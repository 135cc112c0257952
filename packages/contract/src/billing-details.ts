import { Text } from './common.js';
import { z } from './zod.js';

/**
 * The parties of an invoice: the seller (instance settings, staff) and the buyer (an
 * organisation's billing details, its owners and admins). Tax depends on the buyer's country and
 * VAT number, so both are checked here, for the server and the console alike.
 */

/** ISO 3166-1 alpha-2 codes. */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

export const CountryCode = z
  .string()
  .refine((code) => COUNTRY_CODES.includes(code), 'Must be a country code such as DE, FR or US');

/**
 * What a VAT number looks like per country: its prefix and the digits/letters after it (the
 * formats of the European Commission's VIES, plus the UK, Switzerland and Norway). Only the
 * shape is checked ("valid-looking"); whether the number is registered is the tax office's to say.
 */
const VAT_FORMATS: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^ATU\d{8}$/, example: 'ATU12345678' },
  BE: { pattern: /^BE[01]\d{9}$/, example: 'BE0123456789' },
  BG: { pattern: /^BG\d{9,10}$/, example: 'BG123456789' },
  CY: { pattern: /^CY\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { pattern: /^CZ\d{8,10}$/, example: 'CZ12345678' },
  DE: { pattern: /^DE\d{9}$/, example: 'DE123456789' },
  DK: { pattern: /^DK\d{8}$/, example: 'DK12345678' },
  EE: { pattern: /^EE\d{9}$/, example: 'EE123456789' },
  ES: { pattern: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { pattern: /^FI\d{8}$/, example: 'FI12345678' },
  FR: { pattern: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { pattern: /^EL\d{9}$/, example: 'EL123456789' },
  HR: { pattern: /^HR\d{11}$/, example: 'HR12345678901' },
  HU: { pattern: /^HU\d{8}$/, example: 'HU12345678' },
  IE: { pattern: /^IE(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567T' },
  IT: { pattern: /^IT\d{11}$/, example: 'IT12345678901' },
  LT: { pattern: /^LT(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { pattern: /^LU\d{8}$/, example: 'LU12345678' },
  LV: { pattern: /^LV\d{11}$/, example: 'LV12345678901' },
  MT: { pattern: /^MT\d{8}$/, example: 'MT12345678' },
  NL: { pattern: /^NL\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { pattern: /^PL\d{10}$/, example: 'PL1234567890' },
  PT: { pattern: /^PT\d{9}$/, example: 'PT123456789' },
  RO: { pattern: /^RO\d{2,10}$/, example: 'RO1234567890' },
  SE: { pattern: /^SE\d{10}01$/, example: 'SE123456789001' },
  SI: { pattern: /^SI\d{8}$/, example: 'SI12345678' },
  SK: { pattern: /^SK\d{10}$/, example: 'SK1234567890' },
  GB: { pattern: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, example: 'GB123456789' },
  CH: { pattern: /^CHE\d{9}(MWST|TVA|IVA)?$/, example: 'CHE123456789MWST' },
  NO: { pattern: /^NO\d{9}(MVA)?$/, example: 'NO123456789MVA' },
};

/** Elsewhere a tax number is letters and digits, without a checked shape. */
const OTHER_TAX_NUMBER = /^[A-Z0-9]{4,20}$/;

/** A VAT number as written (spaces, dots, dashes, lower case) in its one stored form. */
export const normaliseVatNumber = (text: string) => text.toUpperCase().replace(/[\s.-]/g, '');

/** What a VAT number of `country` looks like, when its shape is known. */
export const vatNumberExample = (country: string): string | undefined => VAT_FORMATS[country]?.example;

/** Why a (normalised) VAT number does not look like one of `country`, or undefined when it does. */
export function vatNumberProblem(vatNumber: string, country: string): string | undefined {
  const format = VAT_FORMATS[country];
  if (format) {
    return format.pattern.test(vatNumber)
      ? undefined
      : `This is not a VAT number of ${country}: it looks like ${format.example}`;
  }
  return OTHER_TAX_NUMBER.test(vatNumber) ? undefined : 'Must be 4 to 20 letters and digits';
}

/** A free-text field; empty clears it (stored as null). */
const Line = (max: number) =>
  Text.trim()
    .max(max, `Maximum length is ${max} characters`)
    .transform((text) => text || null)
    .nullable()
    .optional();

/** Who an organisation's invoices are made out to (`GET /orgs/{org}/billing/details`). */
export const OrgBillingDetails = z
  .object({
    /** The legal name invoices carry; the organisation's name when unset. */
    name: z.string().nullable(),
    /** Postal address, lines separated by newlines. */
    address: z.string().nullable(),
    country: z.string().nullable(),
    vat_number: z.string().nullable(),
  })
  .meta({ id: 'OrgBillingDetails' });
export type OrgBillingDetails = z.infer<typeof OrgBillingDetails>;

const VatNumberText = Text.max(40, 'Maximum length is 40 characters').transform(
  (text) => normaliseVatNumber(text) || null,
);

/**
 * `PUT /orgs/{org}/billing/details`: every field at once (null or empty clears it). A VAT number
 * needs the country it belongs to.
 */
export const UpdateOrgBillingDetails = z
  .object({
    name: Line(200),
    address: Line(500),
    country: CountryCode.nullable().optional(),
    vat_number: VatNumberText.nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.vat_number) return;
    if (!value.country) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'A VAT number needs its country' });
      return;
    }
    const problem = vatNumberProblem(value.vat_number, value.country);
    if (problem) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: problem });
  })
  .meta({ id: 'UpdateOrgBillingDetails' });
export type UpdateOrgBillingDetails = z.infer<typeof UpdateOrgBillingDetails>;

/** The seller's part of the instance settings (printed on every invoice). */
export const SellerSettings = z.object({
  seller_name: z.string().nullable(),
  seller_address: z.string().nullable(),
  seller_country: z.string().nullable(),
  seller_vat_number: z.string().nullable(),
  invoice_footer: z.string().nullable(),
});
export type SellerSettings = z.infer<typeof SellerSettings>;

export const UpdateSellerSettings = z.object({
  seller_name: Line(200),
  seller_address: Line(500),
  seller_country: CountryCode.nullable().optional(),
  seller_vat_number: VatNumberText.nullable().optional(),
  invoice_footer: Line(1000),
});
