import { sql as init } from './0001_init.js';
import { sql as generation } from './0002_generation.js';
import { sql as plans } from './0003_plans.js';
import { sql as documents } from './0004_documents.js';
import { sql as replayAndConsole } from './0005_replay_and_console.js';
import { sql as stats } from './0006_stats.js';
import { sql as defaultSeries } from './0007_default_series.js';
import { sql as billing } from './0008_billing.js';
import { sql as localPayments } from './0009_local_payments.js';
import { sql as admin } from './0011_admin.js';
import { sql as seriesCapacity } from './0012_series_capacity.js';
import { sql as trials } from './0013_trials.js';
import { sql as licences } from './0014_licences.js';
import { sql as installNodes } from './0015_install_nodes.js';
import { sql as accountSecurity } from './0016_account_security.js';
import { sql as invitations } from './0017_invitations.js';
import { sql as installNodeBeats } from './0018_install_node_beats.js';
import { sql as shortLinksByOrg } from './0019_short_links_by_org.js';
import { sql as closedSubscriptions } from './0020_closed_subscriptions.js';
import { sql as pendingChanges } from './0021_pending_changes.js';
import { sql as invoiceParties } from './0022_invoice_parties.js';
import { sql as planAndAgreementTranslations } from './0023_plan_and_agreement_translations.js';
import { sql as documentDrafts } from './0024_document_drafts.js';
import { sql as seriesLanguageBundles } from './0025_series_language_bundles.js';
import { sql as installRevocations } from './0026_install_revocations.js';
import { sql as legacySdkKeys } from './0027_legacy_sdk_keys.js';

/**
 * Every migration, in order. Applied ones are recorded by id and never edited: a change to the
 * schema is a new entry here (and the matching change in ../schema.ts).
 */
export const migrations: readonly { id: string; sql: string }[] = [
  { id: '0001_init', sql: init },
  { id: '0002_generation', sql: generation },
  { id: '0003_plans', sql: plans },
  { id: '0004_documents', sql: documents },
  { id: '0005_replay_and_console', sql: replayAndConsole },
  { id: '0006_stats', sql: stats },
  { id: '0007_default_series', sql: defaultSeries },
  { id: '0008_billing', sql: billing },
  { id: '0009_local_payments', sql: localPayments },
  { id: '0011_admin', sql: admin },
  { id: '0012_series_capacity', sql: seriesCapacity },
  { id: '0013_trials', sql: trials },
  { id: '0014_licences', sql: licences },
  { id: '0015_install_nodes', sql: installNodes },
  { id: '0016_account_security', sql: accountSecurity },
  { id: '0017_invitations', sql: invitations },
  { id: '0018_install_node_beats', sql: installNodeBeats },
  { id: '0019_short_links_by_org', sql: shortLinksByOrg },
  { id: '0020_closed_subscriptions', sql: closedSubscriptions },
  { id: '0021_pending_changes', sql: pendingChanges },
  { id: '0022_invoice_parties', sql: invoiceParties },
  { id: '0023_plan_and_agreement_translations', sql: planAndAgreementTranslations },
  { id: '0024_document_drafts', sql: documentDrafts },
  { id: '0025_series_language_bundles', sql: seriesLanguageBundles },
  { id: '0026_install_revocations', sql: installRevocations },
  { id: '0027_legacy_sdk_keys', sql: legacySdkKeys },
];
