import { readFile } from 'node:fs/promises';
import type {
  EffectiveLimits,
  LicenceClaims,
  RevocationListClaims,
  SignedRevocationList,
} from '@slugsmith/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JWK } from 'jose';
import type { Database } from '../../db/connect.js';
import type { InstallConfig, RevocationConfig } from '../../platform/config.js';
import { ApiError } from '../../platform/errors.js';
import { verifyRevocationList } from '../licences/revocation-list.js';
import { LicenceError } from '../licences/token.js';
import type { OrgLimits } from '../plans/effective-limits.js';
import { GRACE_DAYS, type LicenceStanding, licenceStanding, standingWarning } from './expiry.js';
import {
  developmentKeysWarning,
  fileVersion,
  LicenceRefused,
  type LicenceText,
  loadTrustedKeys,
  readLicenceText,
  verifyForInstall,
} from './licence-source.js';
import { NodeSlots } from './node-slots.js';
import { RevocationWatch, revocationWarning } from './revocations.js';

export interface VerifiedLicence {
  text: LicenceText;
  claims: LicenceClaims;
  keys: readonly JWK[];
  /** LICENSE_KEYS as given: read again when a renewal is signed by a key not known yet. */
  keysSource?: string;
  heartbeatMs: number;
  revocation: RevocationConfig;
}

/**
 * Reads and verifies LICENSE before anything else starts; throws LicenceRefused (one line) when
 * the licence cannot be used.
 */
export async function readInstallLicence(config: InstallConfig): Promise<VerifiedLicence> {
  const keys = await loadTrustedKeys(config.keys);
  const text = await readLicenceText(config.licence);
  try {
    const claims = await verifyForInstall(text.token, keys);
    return {
      text,
      claims,
      keys,
      keysSource: config.keys,
      heartbeatMs: config.heartbeatMs,
      revocation: config.revocation,
    };
  } catch (error) {
    if (error instanceof LicenceRefused && error.problem === 'foreign' && !config.keys) {
      throw new LicenceRefused(
        `${error.message} (only the issuer's keys shipped with this release are trusted: ${keys.length})`,
        error.problem,
      );
    }
    throw error;
  }
}

/** Warnings about the licence's end are repeated in the log this often. */
const WARN_EVERY_MS = 86_400_000;

/**
 * A server started with LICENSE: the licence verified offline at start (a refusal stops the
 * start), renewed when its file changes, its features and limits applied to every organisation,
 * and this node counted against `max_nodes`.
 */
export class Install {
  private claims: LicenceClaims;
  private limits: OrgLimits;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private lastWarning = { state: '', at: 0 };
  private lastRevocationWarning = { state: '', at: 0 };
  /** What the log last said of this node: serving or waiting for a slot. */
  private announcedServing: boolean | undefined;
  /** Date.now() from which generation is refused (the grace period's end); never when perpetual. */
  private refusedFrom: number;
  /** Date.now() from which generation is refused because the licence was revoked (its grace's end). */
  private revokedFrom = Number.POSITIVE_INFINITY;
  /** The version of a changed file that was refused: not read again until it changes again. */
  private refusedVersion: string | undefined;

  private text: LicenceText;
  private keys: readonly JWK[];
  private readonly keysSource: string | undefined;
  readonly slots: NodeSlots;
  readonly revocations: RevocationWatch;
  /** The clock every licence rule reads (tests move it instead of waiting). */
  readonly now: () => number;

  constructor(
    licence: VerifiedLicence,
    database: Database,
    private readonly log: FastifyBaseLogger,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.text = licence.text;
    this.keys = licence.keys;
    this.keysSource = licence.keysSource;
    this.claims = licence.claims;
    this.limits = limitsOf(licence.claims);
    this.refusedFrom = refusedFrom(licence.claims);
    this.slots = new NodeSlots(database, licence.heartbeatMs);
    this.revocations = new RevocationWatch(database, log, {
      config: licence.revocation,
      issuer: licence.claims.iss,
      verify: (signed) => this.verifyList(signed),
      now: this.now,
      onChange: () => this.followRevocation(),
    });
  }

  get licence(): LicenceClaims {
    return this.claims;
  }

  /** What every organisation is held to: the licence's features, not the plan catalogue. */
  get orgLimits(): OrgLimits {
    return this.limits;
  }

  standing(now = new Date(this.now())): LicenceStanding {
    return licenceStanding(this.claims, now);
  }

  /** Registers this node (claiming a slot if one is free), says so in the log, then heartbeats. */
  async start(): Promise<void> {
    if (this.keysSource) this.log.warn({ licence_keys: this.keysSource }, developmentKeysWarning);
    const { org, plan, max_nodes, jti } = this.claims;
    this.log.info(
      { licence: jti, holder: org.slug, plan: plan.slug, max_nodes },
      'on-premise install: licensed to %s',
      org.name,
    );
    await this.slots.forgetEarlierRuns();
    await this.revocations.start();
    await this.beat();
    this.timer = setInterval(() => {
      this.beating ??= this.beat().finally(() => {
        this.beating = undefined;
      });
    }, this.slots.heartbeatMs);
    this.timer.unref();
  }

  /** Stops heartbeating and gives the slot back. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.revocations.stop();
    await this.beating;
    await this.slots.deregister().catch((err: unknown) => this.log.warn({ err }, 'node not deregistered'));
  }

  /** Why this node refuses generation calls now, or undefined when it serves them (every call asks). */
  refusal(): ApiError | undefined {
    const now = this.now();
    if (now >= this.refusedFrom) {
      const standing = this.standing(new Date(now));
      if (standing.state === 'expired') {
        return new ApiError(503, `Licence expired: ${standingWarning(standing)}`, {
          reason: 'licence-expired',
          expired_at: standing.expiresAt.toISOString(),
          grace_until: standing.graceUntil.toISOString(),
        });
      }
    }
    if (now >= this.revokedFrom) {
      const own = this.revocations.revocation(this.claims.jti);
      if (own) {
        return new ApiError(
          503,
          `Licence revoked: ${revocationWarning(own, this.revocations.graceMs, now)}`,
          {
            reason: 'licence-revoked',
            revoked_at: own.revokedAt.toISOString(),
            grace_until: new Date(this.revokedFrom).toISOString(),
          },
        );
      }
    }
    if (this.slots.servingSlot() === null) {
      const { max_nodes } = this.claims;
      return new ApiError(503, `Node not licensed: ${nodeLimitLine(max_nodes, this.slots.heartbeatMs)}`, {
        reason: 'licence-node-limit',
        max_nodes,
        retry_after: Math.ceil(this.slots.heartbeatMs / 1000),
      });
    }
    return undefined;
  }

  private async beat(): Promise<void> {
    await this.renewIfChanged();
    let slot: number | null;
    try {
      slot = await this.slots.beat(this.claims.max_nodes);
    } catch (err) {
      this.log.warn(
        { err },
        'install heartbeat failed: this node stops serving generation if it goes on failing',
      );
      return;
    }
    // Said in the log when it changes: at start, on losing the slot, on taking one.
    if ((slot !== null) !== this.announcedServing) {
      this.announcedServing = slot !== null;
      const { max_nodes } = this.claims;
      if (slot !== null) {
        this.log.info({ slot, max_nodes }, 'this node serves generation calls (licence slot %d)', slot);
      } else {
        this.log.warn(
          { max_nodes },
          `this node does not serve generation calls: ${nodeLimitLine(max_nodes, this.slots.heartbeatMs)}`,
        );
      }
    }
    this.warnAboutExpiry();
    this.warnAboutRevocation();
  }

  /** Imports a revocation list file's text (the admin console's upload); throws LicenceError or OlderList. */
  async importRevocations(text: string): Promise<void> {
    await this.revocations.accept(text, 'imported');
    this.warnAboutRevocation();
  }

  /** Recomputes when a revocation stops generation, after a new list or a renewed licence. */
  private followRevocation(): void {
    const own = this.revocations?.revocation(this.claims.jti);
    this.revokedFrom = own ? this.revocations.graceUntil(own).getTime() : Number.POSITIVE_INFINITY;
  }

  /** Logs the licence's revocation when its state changes (in grace, refused), and once a day while it lasts. */
  private warnAboutRevocation(): void {
    const own = this.revocations.revocation(this.claims.jti);
    const now = this.now();
    const state = !own ? 'none' : now >= this.revokedFrom ? 'refused' : 'grace';
    const changed = state !== this.lastRevocationWarning.state;
    if (!changed && now - this.lastRevocationWarning.at < WARN_EVERY_MS) return;
    this.lastRevocationWarning = { state, at: now };
    if (!own) return;
    const warning = revocationWarning(own, this.revocations.graceMs, now);
    if (state === 'refused') this.log.error({ licence: this.claims.jti }, warning);
    else this.log.warn({ licence: this.claims.jti }, warning);
  }

  /** A list signed by a key not trusted yet re-reads LICENSE_KEYS once, as a renewal does. */
  private async verifyList(signed: SignedRevocationList): Promise<RevocationListClaims> {
    try {
      return await verifyRevocationList(signed, this.keys);
    } catch (error) {
      if (!(error instanceof LicenceError && error.problem === 'foreign' && this.keysSource)) throw error;
      this.keys = await loadTrustedKeys(this.keysSource);
      return verifyRevocationList(signed, this.keys);
    }
  }

  /** Logs the licence's coming end when its standing changes, and once a day while it lasts. */
  private warnAboutExpiry(): void {
    const now = this.now();
    const standing = this.standing(new Date(now));
    const changed = standing.state !== this.lastWarning.state;
    if (!changed && now - this.lastWarning.at < WARN_EVERY_MS) return;
    this.lastWarning = { state: standing.state, at: now };
    const warning = standingWarning(standing);
    if (!warning) return;
    if (standing.state === 'expired') this.log.error(warning);
    else this.log.warn(warning);
  }

  /**
   * A changed LICENSE file is a renewal: verified, then in force. A file that fails (unreadable,
   * half-written, refused) is logged once and ignored until it changes again.
   */
  private async renewIfChanged(): Promise<void> {
    const { path, version } = this.text;
    if (!path) return;
    const current = await fileVersion(path).catch(() => 'unreadable');
    if (current === version || current === this.refusedVersion) return;
    try {
      const token = (await readFile(path, 'utf8')).trim();
      const claims = await this.verifyRenewal(token);
      this.text = { token, path, version: current };
      this.claims = claims;
      this.limits = limitsOf(claims);
      this.refusedFrom = refusedFrom(claims);
      this.followRevocation();
      this.log.info(
        { licence: claims.jti, max_nodes: claims.max_nodes, expires: claims.exp ?? null },
        'licence renewed from %s',
        path,
      );
    } catch (err) {
      this.refusedVersion = current;
      this.log.error(
        { err: (err as Error).message },
        'the changed licence file is not used: the previous licence stays in force',
      );
    }
  }

  /** A renewal signed by a key not trusted yet re-reads LICENSE_KEYS once (the issuer rotated keys). */
  private async verifyRenewal(token: string): Promise<LicenceClaims> {
    try {
      return await verifyForInstall(token, this.keys);
    } catch (error) {
      if (!(error instanceof LicenceRefused && error.problem === 'foreign' && this.keysSource)) throw error;
      this.keys = await loadTrustedKeys(this.keysSource);
      return verifyForInstall(token, this.keys);
    }
  }
}

function refusedFrom(claims: LicenceClaims): number {
  return claims.exp === undefined ? Number.POSITIVE_INFINITY : (claims.exp + GRACE_DAYS * 86_400) * 1000;
}

function nodeLimitLine(maxNodes: number, heartbeatMs: number): string {
  return `the licence allows ${maxNodes} concurrent node${maxNodes === 1 ? '' : 's'} and all are serving. Stop a node or install a licence for more nodes; this node takes a free slot by itself (checked every ${Math.ceil(heartbeatMs / 1000)} s).`;
}

function limitsOf(claims: LicenceClaims): OrgLimits {
  const saas: EffectiveLimits = {
    plan_type: 'saas',
    plan: claims.plan.slug,
    plan_name: claims.plan.name,
    custom_features: false,
    limits: claims.features,
  };
  return { byType: new Map([['saas', saas]]), saas };
}
