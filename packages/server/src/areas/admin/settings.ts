// Instance settings staff switch in the console: read by everyone, changed by admins.
import type { InstanceSettings, PaymentProviderName, UpdateInstanceSettings } from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { auditRequest } from './audit.js';
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
