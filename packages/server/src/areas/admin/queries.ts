import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { memberships, organisations } from '../../db/schema.js';

export async function listOrganisations(db: Db, offset: number, limit: number) {
  const rows = await db
    .select({
      slug: organisations.slug,
      name: organisations.name,
      personalAccountId: organisations.personalAccountId,
      createdAt: organisations.createdAt,
      members: count(memberships.accountId),
    })
    .from(organisations)
    .leftJoin(memberships, eq(memberships.orgId, organisations.id))
    .groupBy(organisations.id)
    .orderBy(asc(organisations.createdAt), asc(organisations.slug))
    .offset(offset)
    .limit(limit);
  const [{ total }] = await db.select({ total: count() }).from(organisations);
  return { rows, total };
}
