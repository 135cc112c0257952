import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { auditLog } from '../../db/schema.js';

export type AuditValues = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAudit(db: Db, values: AuditValues): Promise<void> {
  await db.insert(auditLog).values(values);
}

export async function listAudit(
  db: Db,
  filter: { objectType?: string; objectId?: string },
  offset: number,
  limit: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const parts: SQL[] = [];
  if (filter.objectType) parts.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) parts.push(eq(auditLog.objectId, filter.objectId));
  const where = parts.length > 0 ? and(...parts) : undefined;
  const page = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(offset)
    .limit(limit);
  const [{ total }] = await db.select({ total: sql<string>`count(*)` }).from(auditLog).where(where);
  return { rows: page, total: Number(total) };
}
