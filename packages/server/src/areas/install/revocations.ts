import type { InstallRevocation, RevocationListClaims, SignedRevocationList } from '@slugsmith/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import type { RevocationConfig } from '../../platform/config.js';
import { parseRevocationFile } from '../licences/revocation-list.js';
import {
  type ListSource,
  loadList,
  type Revocation,
  type StoredList,
  storedListIssuedAt,
  storeList,
} from './revocation-store.js';

/**
 * The issuer's revocation list as an install follows it: fetched at start and every
 * LICENSE_REVOCATION_CHECK_HOURS (plus up to a tenth at random, so that many installs do not ask
 * at once), or imported from a file where the install cannot reach its issuer. Only a list signed
 * by a trusted licence key and no older than the one in force is used; it is kept in the
 * database, so a restart without the issuer still knows it. An unreachable issuer changes nothing.
 */

/** A list larger than this is refused unread (a list of 8 MiB names some 60,000 licences). */
export const MAX_LIST_BYTES = 8 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
/** How often a node re-reads the stored list, to apply what another node fetched or imported. */
const SYNC_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface RevocationOptions {
  config: RevocationConfig;
  /** The licence's `iss`: the issuer's public address, where the list is by default. */
  issuer: string;
  /** Verifies a signed list against the install's trusted keys (throws LicenceError). */
  verify: (signed: SignedRevocationList) => Promise<RevocationListClaims>;
  now: () => number;
  /** Called after a list came into force on this node. */
  onChange: () => void;
}

/** Where the list is fetched from: LICENSE_REVOCATION_URL, else the issuer's own, else nowhere. */
export function revocationSource(config: RevocationConfig, issuer: string): string | null {
  if (config.url === 'off') return null;
  if (config.url) return config.url;
  if (!/^https?:\/\/[^/]/i.test(issuer)) return null;
  return `${issuer.replace(/\/+$/, '')}/api/v1/licences/revoked`;
}

/** Reads a response's body, refusing one larger than `max` bytes before it is all read. */
async function boundedText(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > max) throw new Error(`the list is larger than ${max} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`the list is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class RevocationWatch {
  readonly sourceUrl: string | null;
  private list: StoredList | undefined;
  private lastFetch: { at: Date; error: string | null } | undefined;
  private fetchTimer: NodeJS.Timeout | undefined;
  private syncTimer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  /** Aborts a fetch in flight at stop: a shutdown does not wait out the issuer's timeout. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: RevocationOptions,
  ) {
    this.sourceUrl = revocationSource(options.config, options.issuer);
  }

  get graceMs(): number {
    return this.options.config.graceMs;
  }

  /** When generation stops for a licence on the list: the grace period from when this install learned it. */
  graceUntil(own: Revocation): Date {
    return new Date(own.learnedAt.getTime() + this.graceMs);
  }

  /** This install's licence on the list in force, if it is there. */
  revocation(licenceId: string): Revocation | undefined {
    return this.list?.revocations.get(licenceId);
  }

  /** Reads the stored list, then fetches (in the background: an unreachable issuer does not delay the start). */
  async start(): Promise<void> {
    await this.reload();
    if (this.sourceUrl) {
      this.log.info(
        { revocation_url: this.sourceUrl, check_hours: this.options.config.checkMs / HOUR_MS },
        'the revocation list is fetched from %s',
        this.sourceUrl,
      );
      this.track(this.fetchNow()).finally(() => this.scheduleFetch());
    } else {
      this.log.info(
        'the revocation list is not fetched (LICENSE_REVOCATION_URL=off or no issuer address): import it with `slugsmith-server import-revocations <file>` or in the admin console',
      );
    }
    this.syncTimer = setInterval(
      () => this.track(this.sync()),
      Math.min(SYNC_MS, this.options.config.checkMs),
    );
    this.syncTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.fetchTimer);
    clearInterval(this.syncTimer);
    await this.running;
  }

  /** One fetch: a list that verifies comes into force; any failure is logged and the list in force stays. */
  async fetchNow(): Promise<void> {
    if (!this.sourceUrl) return;
    const at = new Date(this.options.now());
    try {
      const response = await fetch(this.sourceUrl, {
        signal: AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), this.stopping.signal]),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await this.accept(await boundedText(response, MAX_LIST_BYTES), 'fetched');
      this.lastFetch = { at, error: null };
    } catch (err) {
      const error = (err as Error).message;
      this.lastFetch = { at, error };
      this.log.warn(
        { revocation_url: this.sourceUrl, err: error },
        this.list
          ? 'the revocation list could not be fetched: the list of %s stays in force'
          : 'the revocation list could not be fetched (none known yet): %s',
        this.list ? this.list.issuedAt.toISOString() : 'tried again later',
      );
    }
  }

  /**
   * A list's text (the issuer's /licences/revoked answer or its `signed` part): verified, stored
   * unless older than the one in force, then in force. Throws LicenceError or OlderList.
   */
  async accept(text: string, source: ListSource): Promise<StoredList> {
    const signed = parseRevocationFile(text);
    const claims = await this.options.verify(signed);
    await storeList(this.database, signed, claims, source, new Date(this.options.now()));
    await this.reload();
    this.log.info(
      { issued_at: new Date(claims.iat * 1000).toISOString(), revoked: claims.revoked.length, source },
      'revocation list in force (%d revoked licences)',
      claims.revoked.length,
    );
    return this.list as StoredList;
  }

  /** What the admin console shows of the list and of this install's licence on it. */
  status(licenceId: string): InstallRevocation {
    const own = this.revocation(licenceId);
    const graceUntil = own && this.graceUntil(own);
    const iso = (d: Date | undefined) => d?.toISOString() ?? null;
    return {
      source_url: this.sourceUrl,
      check_hours: this.options.config.checkMs / HOUR_MS,
      grace_hours: this.graceMs / HOUR_MS,
      list_issued_at: iso(this.list?.issuedAt),
      list_source: this.list?.source ?? null,
      list_stored_at: iso(this.list?.storedAt),
      revoked_count: this.list?.revocations.size ?? 0,
      last_fetch_at: iso(this.lastFetch?.at),
      last_error: this.lastFetch?.error ?? null,
      licence_revoked_at: iso(own?.revokedAt),
      learned_at: iso(own?.learnedAt),
      grace_until: iso(graceUntil),
      warning: own ? revocationWarning(own, this.graceMs, this.options.now()) : null,
    };
  }

  private async reload(): Promise<void> {
    this.list = await loadList(this.database);
    this.options.onChange();
  }

  /** Applies a list another node stored (or the import command wrote) since this node read one. */
  private async sync(): Promise<void> {
    const issuedAt = await storedListIssuedAt(this.database).catch(() => undefined);
    if (issuedAt && issuedAt.getTime() !== this.list?.issuedAt.getTime()) await this.reload();
  }

  private scheduleFetch(): void {
    if (this.stopped) return;
    const { checkMs } = this.options.config;
    // Up to a tenth more at random: installs started together do not all ask at once.
    this.fetchTimer = setTimeout(
      () => this.track(this.fetchNow()).finally(() => this.scheduleFetch()),
      checkMs + Math.random() * checkMs * 0.1,
    );
    this.fetchTimer.unref();
  }

  /** Remembers the work in flight (stop waits for it); a failure is logged, never thrown. */
  private track(work: Promise<unknown>): Promise<void> {
    const settled = work.then(
      () => undefined,
      (err: unknown) => this.log.warn({ err }, 'revocation list check failed'),
    );
    this.running = settled;
    return settled;
  }
}

/** The line the log and the console give about a revoked licence, during its grace period and after. */
export function revocationWarning(own: Revocation, graceMs: number, now: number): string {
  const graceUntil = new Date(own.learnedAt.getTime() + graceMs);
  const revoked = own.revokedAt.toISOString().slice(0, 10);
  if (now >= graceUntil.getTime()) {
    return `the licence was revoked by its issuer on ${revoked}; its grace period ended on ${graceUntil.toISOString()}: generation is refused until a valid licence is installed (replace the LICENSE file)`;
  }
  return `the licence was revoked by its issuer on ${revoked}; generation goes on for a grace period of ${Math.round(graceMs / HOUR_MS)} h, until ${graceUntil.toISOString()}: install a valid licence (contact the issuer)`;
}
