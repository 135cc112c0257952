import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { oidcPayloads } from '../../db/schema.js';

type Payload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

/**
 * Storage of the built-in provider (sessions, interactions, grants, codes, tokens) in our database,
 * so sign-in state survives restarts and is shared by every node. Shape required by oidc-provider:
 * one instance per model name.
 */
export function databaseAdapter(db: Db) {
  const notExpired = or(isNull(oidcPayloads.expiresAt), sql`${oidcPayloads.expiresAt} > now()`);

  async function findWhere(model: string, condition: ReturnType<typeof eq>): Promise<Payload | undefined> {
    const [row] = await db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, model), condition, notExpired));
    if (!row) return undefined;
    const payload = row.payload as Payload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  return class DatabaseAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: { ...row, consumedAt: null },
        });
    }

    find(id: string) {
      return findWhere(this.model, eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return findWhere(this.model, eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return findWhere(this.model, eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Drops expired entries; run at start-up so the table does not grow without bound. */
export async function deleteExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
