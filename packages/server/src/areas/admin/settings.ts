// Instance settings staff switch in the console: read by everyone, changed by admins.
import type { InstanceSettings, UpdateInstanceSettings } from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { auditRequest } from './audit.js';
import * as q from './queries.js';

/**
 * Until staff set them: no development-instance warning and no sandbox disclaimer (a production
 * install shows neither unless asked to), and no support contact.
 */
export const DEFAULT_SETTINGS: InstanceSettings = {
  dev_warning: false,
  sandbox_disclaimer: false,
  support_contact: null,
};

export async function readSettings(db: Db): Promise<InstanceSettings> {
  const stored = await q.readSettings(db);
  const flag = (key: 'dev_warning' | 'sandbox_disclaimer') => {
    const value = stored.get(key);
    return typeof value === 'boolean' ? value : DEFAULT_SETTINGS[key];
  };
  const contact = stored.get('support_contact');
  return {
    dev_warning: flag('dev_warning'),
    sandbox_disclaimer: flag('sandbox_disclaimer'),
    support_contact: typeof contact === 'string' ? contact : null,
  };
}

export async function updateSettings(
  db: Db,
  request: FastifyRequest,
  changes: UpdateInstanceSettings,
): Promise<InstanceSettings> {
  const before = await readSettings(db);
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await q.writeSettings(db, values);
  const after = await readSettings(db);
  await auditRequest(db, request, {
    action: 'settings.update',
    objectType: 'settings',
    objectId: 'instance',
    before,
    after,
  });
  return after;
}
