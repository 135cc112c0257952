// Instance settings staff switch in the console: read by everyone, changed by admins.
import {
  type InstanceSettings,
  type PaymentProviderName,
  type SellerSettings,
  type UpdateInstanceSettings,
  vatNumberProblem,
} from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { auditRequest } from '../audit/service.js';
import * as q from './queries.js';

/**
 * Until staff set them, the notices follow DEV_INSTANCE_WARNING and SANDBOX_DISCLAIMER (both off
 * when unset: a self-hosted install shows neither unless asked to); no support contact.
 */
export interface InstanceDefaults {
  devWarning: boolean;
  sandboxDisclaimer: boolean;
  paymentProvider: PaymentProviderName;
}

const SELLER_KEYS = [
  'seller_name',
  'seller_address',
  'seller_country',
  'seller_vat_number',
  'invoice_footer',
] as const satisfies readonly (keyof SellerSettings)[];

function sellerOf(stored: Map<string, unknown>): SellerSettings {
  const text = (key: string) => {
    const value = stored.get(key);
    return typeof value === 'string' ? value : null;
  };
  return Object.fromEntries(SELLER_KEYS.map((key) => [key, text(key)])) as SellerSettings;
}

/** Who sells, as invoices name the seller (also inside a database transaction). */
export async function readSeller(db: Pick<Db, 'select'>): Promise<SellerSettings> {
  return sellerOf(await q.readSettings(db));
}

export async function readSettings(db: Db, defaults: InstanceDefaults): Promise<InstanceSettings> {
  const stored = await q.readSettings(db);
  const flag = (key: string, fallback: boolean) => {
    const value = stored.get(key);
    return typeof value === 'boolean' ? value : fallback;
  };
  const contact = stored.get('support_contact');
  return {
    dev_warning: flag('dev_warning', defaults.devWarning),
    sandbox_disclaimer: flag('sandbox_disclaimer', defaults.sandboxDisclaimer),
    support_contact: typeof contact === 'string' ? contact : null,
    payment_provider: defaults.paymentProvider,
    ...sellerOf(stored),
  };
}

export async function updateSettings(
  db: Db,
  defaults: InstanceDefaults,
  request: FastifyRequest,
  changes: UpdateInstanceSettings,
): Promise<InstanceSettings> {
  const before = await readSettings(db, defaults);
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  // The seller's VAT number is checked against the seller's country, as stored or changed now.
  const vatNumber =
    changes.seller_vat_number === undefined ? before.seller_vat_number : changes.seller_vat_number;
  const country = changes.seller_country === undefined ? before.seller_country : changes.seller_country;
  if (vatNumber) {
    const problem = country ? vatNumberProblem(vatNumber, country) : 'A VAT number needs its country';
    if (problem) {
      const field = country ? 'seller_vat_number' : 'seller_country';
      throw ApiError.badRequest(problem, { field });
    }
  }
  await q.writeSettings(db, values);
  const after = await readSettings(db, defaults);
  await auditRequest(db, request, {
    action: 'settings.update',
    objectType: 'settings',
    objectId: 'instance',
    before,
    after,
  });
  return after;
}
