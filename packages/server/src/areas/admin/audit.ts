// The audit log: every staff write, with who made it and the object before and after.
import type { AuditEntry, AuditObjectType, AuditPage, AuditQuery } from '@slugsmith/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../platform/errors.js';
import { documentNames } from '../documents/service.js';
import * as q from './queries.js';

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

function toEntry(r: q.AuditRow, documents: Map<string, string>): AuditEntry {
  const isDocument = r.objectType === 'document';
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actorId, email: r.actorEmail },
    action: r.action,
    object_type: r.objectType as AuditObjectType,
    object_id: r.objectId,
    object_name: (isDocument && documents.get(r.objectId)) || null,
    object_deleted: isDocument && !documents.has(r.objectId),
    before: r.before ?? null,
    after: r.after ?? null,
  };
}

export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { rows, total } = await q.listAudit(
    db,
    { objectType: query.object_type, objectId: query.object_id },
    query.offset,
    query.limit,
  );
  // Documents are named by their title (a UUID tells the reader nothing); gone ones keep the id.
  const documentIds = rows.filter((r) => r.objectType === 'document').map((r) => r.objectId);
  const documents = await documentNames(db, documentIds, query.language);
  return {
    items: rows.map((r) => toEntry(r, documents)),
    total,
    offset: query.offset,
    limit: query.limit,
  };
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
