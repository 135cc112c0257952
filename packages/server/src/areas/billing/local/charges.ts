// What the sandbox charges on a net amount, as a merchant of record would: the tax of the
// buyer's country (../tax.ts), from the customer's country and VAT number as checkout recorded them.
import { eq } from 'drizzle-orm';
import { localPayCustomers } from '../../../db/schema.js';
import { readSeller } from '../../admin/settings.js';
import { rateText, taxOf, taxTreatment } from '../tax.js';
import type { Tx } from './outbox.js';

export interface Charge {
  subtotal: number;
  tax: number;
  total: number;
  taxRate: string;
}

export async function chargeFor(tx: Tx, customerId: string, net: number): Promise<Charge> {
  const [customer] = await tx
    .select({ country: localPayCustomers.country, vatNumber: localPayCustomers.vatNumber })
    .from(localPayCustomers)
    .where(eq(localPayCustomers.id, customerId));
  const seller = await readSeller(tx);
  const { rate } = taxTreatment(seller.seller_country, customer ?? { country: null, vatNumber: null });
  const tax = taxOf(net, rate);
  return { subtotal: net, tax, total: net + tax, taxRate: rateText(rate) };
}
