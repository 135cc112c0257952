import {
  ErrorBody,
  ImportRevocations,
  type InstallLicence,
  InstallRevocation,
  InstallStatus,
  PublicInstall,
  type PublicLicenceRevocation,
} from '@slugsmith/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { ApiError } from '../../platform/errors.js';
import { auditRequest } from '../audit/service.js';
import { LicenceError } from '../licences/token.js';
import { daysUntilRefused, standingWarning } from './expiry.js';
import type { Install } from './install.js';
import { OlderList } from './revocation-store.js';

const iso = (seconds: number | undefined) =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString();

/**
 * `GET /install`: how this server runs, for every visitor's console (an install shows its licence
 * instead of plans and checkout); `GET /admin/install`: that and the nodes, for staff.
 */
export function installRoutes(app: FastifyInstance, { install, db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/install', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Service or on-premise install: for an install its licence (holder, plan, nodes, expiry)',
      description:
        'Whether this server is the service or an on-premise install; an install shows its licence (holder, plan, nodes, expiry, days left) to every console.',
      response: { 200: PublicInstall },
    },
    handler: async () => (install ? publicInstall(install) : { mode: 'service' as const }),
  });
  r.get('/admin/install', {
    config: { access: 'staff' },
    schema: {
      tags: ['admin'],
      summary:
        'Service or on-premise install: the licence (holder, plan, nodes, expiry) and the nodes in use',
      description: 'Staff: the same, with the nodes in use counted against the licence.',
      response: { 200: InstallStatus, 401: ErrorBody, 403: ErrorBody },
    },
    handler: async () => (install ? installStatus(install) : { mode: 'service' as const }),
  });
  r.post('/admin/install/revocations', {
    config: { access: 'admin', body: 'large' },
    schema: {
      tags: ['admin'],
      summary: 'Import the issuer’s signed revocation list (an install that cannot fetch it)',
      description:
        'Admin: imports a revocation list file (the issuer’s `GET /licences/revoked` answer): verified against the trusted licence keys, refused when older than the list in force. Audited.',
      body: ImportRevocations,
      response: {
        200: InstallRevocation,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
      },
    },
    handler: async (request) => {
      if (!install) throw ApiError.notFound();
      const before = install.revocations.status(install.licence.jti);
      try {
        await install.importRevocations(request.body.list);
      } catch (error) {
        if (error instanceof LicenceError) {
          throw ApiError.badRequest(`Revocation list refused: ${error.message}`, {
            reason: 'revocation_list_refused',
            problem: error.problem,
          });
        }
        if (error instanceof OlderList) {
          throw ApiError.conflict(`Revocation list refused: ${error.message}`, {
            reason: 'revocation_list_older',
            issued_at: error.issuedAt.toISOString(),
            in_force: error.inForce.toISOString(),
          });
        }
        throw error;
      }
      const after = install.revocations.status(install.licence.jti);
      await auditRequest(db, request, {
        action: 'revocation_list.import',
        objectType: 'revocation_list',
        objectId: install.licence.jti,
        before: audited(before),
        after: audited(after),
      });
      return after;
    },
  });
}

/** What the audit log keeps of an import: the list's date, size and this licence's place on it. */
function audited(r: InstallRevocation) {
  return {
    list_issued_at: r.list_issued_at,
    list_source: r.list_source,
    revoked_count: r.revoked_count,
    licence_revoked_at: r.licence_revoked_at,
    grace_until: r.grace_until,
  };
}

function publicInstall(install: Install): PublicInstall {
  const claims = install.licence;
  const now = new Date(install.now());
  const standing = install.standing(now);
  return {
    mode: 'on_premise',
    licence: {
      holder: { slug: claims.org.slug, name: claims.org.name },
      plan: claims.plan,
      max_nodes: claims.max_nodes,
      perpetual: claims.perpetual,
      expires_at: iso(claims.exp),
      standing: standing.state,
      grace_until: 'graceUntil' in standing ? standing.graceUntil.toISOString() : null,
      days_left: daysUntilRefused(claims, standing, now),
      revocation: publicRevocation(install, now),
    },
  };
}

/** The licence's place on its issuer's revocation list, as every visitor's console shows it. */
function publicRevocation(install: Install, now: Date): PublicLicenceRevocation | null {
  const own = install.revocations.revocation(install.licence.jti);
  if (!own) return null;
  const graceUntil = install.revocations.graceUntil(own);
  return {
    revoked_at: own.revokedAt.toISOString(),
    grace_until: graceUntil.toISOString(),
    refused: now >= graceUntil,
  };
}

async function installStatus(install: Install): Promise<InstallStatus> {
  const claims = install.licence;
  const standing = install.standing();
  const licence: InstallLicence = {
    id: claims.jti,
    holder: { slug: claims.org.slug, name: claims.org.name },
    plan: claims.plan,
    max_nodes: claims.max_nodes,
    perpetual: claims.perpetual,
    issued_at: iso(claims.iat) as string,
    expires_at: iso(claims.exp),
    updates_until: iso(claims.updates_until),
    standing: standing.state,
    grace_until: 'graceUntil' in standing ? standing.graceUntil.toISOString() : null,
    days_left: 'daysLeft' in standing ? standing.daysLeft : null,
    warning: standingWarning(standing) ?? null,
  };
  const nodes = (await install.slots.list()).map((n) => ({
    id: n.id,
    host: n.host,
    pid: n.pid,
    started_at: new Date(n.started_at).toISOString(),
    heartbeat_at: new Date(n.heartbeat_at).toISOString(),
    slot: n.slot,
    current: n.id === install.slots.id,
  }));
  const refusal = install.refusal();
  return {
    mode: 'on_premise',
    licence,
    nodes,
    nodes_in_use: nodes.filter((n) => n.slot !== null).length,
    serving: !refusal,
    refusal: refusal?.message ?? null,
    heartbeat_seconds: install.slots.heartbeatMs / 1000,
    revocation: install.revocations.status(claims.jti),
  };
}
