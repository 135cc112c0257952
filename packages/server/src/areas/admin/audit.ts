// The audit log as staff read it: documents named by their title.
import type { AuditEntry, AuditObjectType, AuditPage, AuditQuery } from '@slugsmith/contract';
import type { Db } from '../../db/connect.js';
import { type AuditRow, auditPage } from '../audit/service.js';
import { documentNames } from '../documents/service.js';

function toEntry(r: AuditRow, documents: Map<string, string>): AuditEntry {
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
  const { rows, total } = await auditPage(
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
