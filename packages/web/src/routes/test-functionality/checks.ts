import type { InstanceSettings, Organisation } from '@slugsmith/contract';
import { Slugsmith } from '@slugsmith/sdk';
import { API_PREFIX, api } from '../../lib/api.js';
import { getConsoleConfig, listOrgs, listSdkConfigs, listSeries, totalStats } from '../../lib/console-api.js';
import { fetchDocument } from '../../lib/content.js';
import { forge, patternInfo } from '../../lib/generator-api.js';
import { type Check, SkipCheck } from './self-check.js';

/** A small pattern every install's dictionaries can fill. */
export const CHECK_PATTERN = '{adjective}-{noun}-{number:3d}';

const ORG = 'org';

/** The first organisation a previous check found, or skip: the later checks need one. */
function firstOrg(found: Map<string, unknown>): Organisation {
  const org = found.get(ORG) as Organisation | undefined;
  if (!org) throw new SkipCheck('noOrg');
  return org;
}

/**
 * The checks of /test-functionality, in order: public calls first (the server answers, its settings,
 * the document store, the console's signed generator client), then the signed-in console calls and
 * a signed call with the user's own SDK config.
 */
export const CHECKS: readonly Check[] = [
  {
    id: 'ping',
    needsSignIn: false,
    run: async ({ signal }) => (await api<{ status: string }>('/ping', { auth: 'none', signal })).status,
  },
  {
    id: 'settings',
    needsSignIn: false,
    run: async ({ signal }) => {
      const settings = await api<InstanceSettings>('/settings', { auth: 'none', signal });
      return { key: 'provider', values: { provider: settings.payment_provider } };
    },
  },
  {
    id: 'documents',
    needsSignIn: false,
    run: async ({ lang }) => {
      const doc = await fetchDocument('pattern-examples', lang);
      const count = Array.isArray(doc.data) ? doc.data.length : 0;
      return { key: 'categories', values: { n: count } };
    },
  },
  {
    id: 'stats',
    needsSignIn: false,
    run: async () => ({ key: 'rows', values: { n: (await totalStats()).length } }),
  },
  {
    id: 'consoleConfig',
    needsSignIn: false,
    run: async () => (await getConsoleConfig()).sdk_config,
  },
  {
    id: 'patternInfo',
    needsSignIn: false,
    run: async ({ signal }) => {
      const info = await patternInfo(CHECK_PATTERN, signal);
      return { key: 'capacity', values: { capacity: info.capacity } };
    },
  },
  {
    id: 'forge',
    needsSignIn: false,
    run: async ({ signal }) => (await forge({ pattern: CHECK_PATTERN, count: 1 }, signal))[0],
  },
  {
    id: 'orgs',
    needsSignIn: true,
    run: async ({ signal, found }) => {
      const orgs = await listOrgs(signal);
      if (orgs[0]) found.set(ORG, orgs[0]);
      return { key: 'orgs', values: { n: orgs.length } };
    },
  },
  {
    id: 'series',
    needsSignIn: true,
    run: async ({ signal, found }) => {
      const org = firstOrg(found);
      const series = await listSeries(org.slug, signal);
      return { key: 'series', values: { n: series.length, org: org.name } };
    },
  },
  {
    id: 'sdkSigned',
    needsSignIn: true,
    run: async ({ signal, found }) => {
      const org = firstOrg(found);
      const configs = await listSdkConfigs(org.slug, undefined, signal);
      const config = configs.find((c) => c.enabled && c.scopes.includes('forge'));
      if (!config) throw new SkipCheck('noSdkConfig');
      // A customer's browser app signs with its own config's keys; so does this call.
      const client = Slugsmith.signed({
        baseUrl: `${window.location.origin}${API_PREFIX}`,
        sdkConfig: config.slug,
      });
      try {
        await client.ready;
        const [slug] = await client.forge({ pattern: CHECK_PATTERN, count: 1 }, { signal });
        return slug;
      } finally {
        client.close();
      }
    },
  },
];
