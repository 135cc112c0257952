import type { Organisation, SdkConfig, SeriesInfo } from '@slugsmith/contract';
import { Slugsmith } from '@slugsmith/sdk';
import { API_PREFIX, body, client } from '../../lib/api.js';
import { getConsoleConfig, listOrgs, listSdkConfigs, listSeries } from '../../lib/console-api.js';
import { fetchDocument } from '../../lib/content.js';
import { forge, patternInfo } from '../../lib/generator-api.js';
import { publicStats } from '../../lib/stats.js';
import { type Check, SkipCheck } from './self-check.js';

/** A small pattern every install's dictionaries can fill. */
const CHECK_PATTERN = '{adjective}-{noun}-{number:3d}';

/** Organisations (and their series) a check looks through: enough for an install check. */
const MAX_ORGS = 5;
const MAX_SERIES = 10;

const ORGS = 'orgs';
const SERIES = 'series';

interface OrgSeries {
  org: Organisation;
  series: SeriesInfo[];
}

/** The organisations the previous check found, or skip: the later checks need one. */
function foundOrgs(found: Map<string, unknown>): Organisation[] {
  const orgs = (found.get(ORGS) as Organisation[] | undefined) ?? [];
  if (orgs.length === 0) throw new SkipCheck('noOrg');
  return orgs;
}

/** The first enabled SDK config with the forge scope: an organisation's, else one of its series'. */
async function forgeConfig(found: Map<string, unknown>, signal: AbortSignal): Promise<SdkConfig | undefined> {
  const usable = (configs: SdkConfig[]) => configs.find((c) => c.enabled && c.scopes.includes('forge'));
  const orgSeries = (found.get(SERIES) as OrgSeries[] | undefined) ?? [];
  for (const org of foundOrgs(found)) {
    const config = usable(await listSdkConfigs(org.slug, undefined, signal));
    if (config) return config;
    const series = orgSeries.find((o) => o.org.slug === org.slug)?.series ?? [];
    for (const s of series.slice(0, MAX_SERIES)) {
      const inSeries = usable(await listSdkConfigs(org.slug, s.slug, signal));
      if (inSeries) return inSeries;
    }
  }
  return undefined;
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
    run: async ({ signal }) => (await body(client.GET('/ping', { auth: 'none', signal }))).status,
  },
  {
    id: 'settings',
    needsSignIn: false,
    run: async ({ signal }) => {
      const settings = await body(client.GET('/settings', { auth: 'none', signal }));
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
    run: async () => ({ key: 'rows', values: { n: (await publicStats()).length } }),
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
      found.set(ORGS, orgs.slice(0, MAX_ORGS));
      return { key: 'orgs', values: { n: orgs.length } };
    },
  },
  {
    id: 'series',
    needsSignIn: true,
    run: async ({ signal, found }) => {
      const lists: OrgSeries[] = [];
      for (const org of foundOrgs(found)) lists.push({ org, series: await listSeries(org.slug, signal) });
      found.set(SERIES, lists);
      // The organisation that has series, if any: a new personal organisation has none.
      const shown = lists.find((l) => l.series.length > 0) ?? lists[0];
      return { key: 'series', values: { n: shown.series.length, org: shown.org.name } };
    },
  },
  {
    id: 'sdkSigned',
    needsSignIn: true,
    run: async ({ signal, found }) => {
      const config = await forgeConfig(found, signal);
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
