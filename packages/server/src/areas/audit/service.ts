// The audit log: every staff write, with who made it and the object before and after. Staff
// routes of every area record here; the admin area reads the log.
import type { AuditObjectType } from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import * as q from './queries.js';

export type { AuditRow } from './queries.js';

export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor;
  /** `<object type>.<verb>`: `organisation.update`, `price.delete`, … */
  action: string;
  objectType: AuditObjectType;
  objectId: string;
  /** The object as it was (null: it did not exist) and as it is (null: it is gone). */
  before: unknown;
  after: unknown;
}

/** The signed-in caller of a staff route as the audit log names them. */
export function auditActor(request: FastifyRequest): AuditActor {
  const account = request.caller.account;
  return account ? { id: account.id, email: account.email } : { id: null, email: 'system' };
}

/** JSON-safe copy (dates as ISO strings, undefined dropped) for the jsonb columns. */
function snapshot(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

/**
 * Records one write; other areas (billing's event actions) call it with their own records. A
 * write that changed nothing (the same object before and after) leaves no entry.
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  if (before !== null && JSON.stringify(before) === JSON.stringify(after)) return;
  await q.insertAudit(db, {
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    before,
    after,
  });
}

/** Records a write made by the caller of a staff route. */
export function auditRequest(
  db: Db,
  request: FastifyRequest,
  entry: Omit<AuditRecord, 'actor'>,
): Promise<void> {
  return recordAudit(db, { ...entry, actor: auditActor(request) });
}

/** Reads an object before a write; a 404 means it does not exist yet (null). */
export async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Runs a staff write and records it: the object is read before (`before`, absent: it did not
 * exist), the write's result is the object after (unless `after` says otherwise; deletions give
 * null). Nothing is recorded when the write fails.
 */
export async function audited<T, B = unknown>(
  db: Db,
  request: FastifyRequest,
  entry: {
    action: string;
    objectType: AuditObjectType;
    /** The object's id, or how to find it once written (created objects get theirs then). */
    objectId: string | ((result: T, before: B | null) => string);
    before?: () => Promise<B>;
    after?: (result: T) => unknown;
  },
  write: () => Promise<T>,
): Promise<T> {
  const before = entry.before ? await entry.before() : null;
  const result = await write();
  await auditRequest(db, request, {
    action: entry.action,
    objectType: entry.objectType,
    objectId: typeof entry.objectId === 'string' ? entry.objectId : entry.objectId(result, before),
    before,
    after: entry.after ? entry.after(result) : result,
  });
  return result;
}

/** A page of entries, newest first, of one object type (and object) or of all. */
export function auditPage(
  db: Db,
  filter: { objectType?: string; objectId?: string },
  offset: number,
  limit: number,
): Promise<{ rows: q.AuditRow[]; total: number }> {
  return q.listAudit(db, filter, offset, limit);
}
