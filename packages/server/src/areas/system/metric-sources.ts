// What /metrics reads from the running app when scraped (docs/metrics.md): the database (reachable,
// round trip, pool), the billing event queue, and an install's licence slots.
import type { Database } from '../../db/connect.js';
import type { Metrics } from '../../platform/metrics.js';
import type { Billing } from '../billing/service.js';
import type { Install } from '../install/install.js';
import type { Readiness } from './readiness.js';

export interface MetricSources {
  database: Database;
  readiness: Readiness;
  billing: Billing;
  install?: Install;
}

export function registerMetricSources(
  metrics: Metrics,
  { database, readiness, billing, install }: MetricSources,
): void {
  // One readiness check per scrape serves the three gauges that follow from it.
  let report: ReturnType<Readiness['check']> | undefined;
  const latest = () => {
    report ??= readiness.check().finally(() => {
      report = undefined;
    });
    return report;
  };
  metrics.gauge(
    'slugsmith_ready',
    '1 when /readyz answers 200 (database, migrations, licence slot)',
    [],
    async (g) => g.set((await latest()).ready ? 1 : 0),
  );
  metrics.gauge('slugsmith_database_up', '1 when the database answered within 2 s', [], async (g) =>
    g.set((await latest()).databaseSeconds === undefined ? 0 : 1),
  );
  metrics.gauge(
    'slugsmith_database_round_trip_seconds',
    'Time of one query to the database (the readiness check), taken when scraped',
    [],
    async (g) => {
      const seconds = (await latest()).databaseSeconds;
      if (seconds !== undefined) g.set(seconds);
    },
  );
  const pool = database.poolCounts?.bind(database);
  if (pool) {
    metrics.gauge(
      'slugsmith_database_pool_clients',
      'PostgreSQL connections of the pool, by state',
      ['state'],
      (g) => {
        const { total, idle } = pool();
        g.set({ state: 'idle' }, idle);
        g.set({ state: 'in_use' }, total - idle);
      },
    );
    metrics.gauge(
      'slugsmith_database_pool_waiting',
      'Queries waiting for a pool connection (all are in use)',
      [],
      (g) => g.set(pool().waiting),
    );
  }

  const { pipeline } = billing;
  metrics.gauge(
    'slugsmith_billing_events_open',
    'Payment-provider webhook events not yet processed: received (queued) or failed (retrying or waiting for staff)',
    ['state'],
    async (g) => {
      const open = await pipeline.openCounts();
      for (const state of ['received', 'failed']) g.set({ state }, open[state] ?? 0);
    },
  );
  metrics.total(
    'slugsmith_billing_events_processed_total',
    'Webhook events this node processed (applied, stale or ignored)',
    () => pipeline.counts.processed,
  );
  metrics.total(
    'slugsmith_billing_events_failed_total',
    'Attempts at processing a webhook event that failed on this node',
    () => pipeline.counts.failed,
  );

  if (install) {
    metrics.gauge(
      'slugsmith_licence_node_slots',
      'Nodes the install licence allows to serve at once',
      [],
      (g) => g.set(install.licence.max_nodes),
    );
    metrics.gauge(
      'slugsmith_licence_slot_held',
      '1 while this node holds a licence slot and serves generation',
      [],
      (g) => g.set(install.slots.servingSlot() === null ? 0 : 1),
    );
  }
}
