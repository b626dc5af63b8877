import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpPayloads } from '../db/schema/index';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string };

/** An oidc-provider storage adapter on the idp_payloads table, so sessions survive restarts. */
export function createDbAdapter(db: Db) {
  return class DbAdapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = { kind: this.kind, id, payload, grantId: payload.grantId ?? null, userCode: payload.userCode ?? null, uid: payload.uid ?? null, expiresAt };
      await db
        .insert(idpPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [idpPayloads.kind, idpPayloads.id],
          set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
        });
    }

    private async findWhere(cond: ReturnType<typeof eq>): Promise<Payload | undefined> {
      const [row] = await db
        .select()
        .from(idpPayloads)
        .where(and(eq(idpPayloads.kind, this.kind), cond));
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return { ...(row.payload as Payload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    find(id: string) {
      return this.findWhere(eq(idpPayloads.id, id));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(idpPayloads.userCode, userCode));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(idpPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(idpPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(idpPayloads.kind, this.kind), eq(idpPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(idpPayloads).where(and(eq(idpPayloads.kind, this.kind), eq(idpPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(idpPayloads).where(eq(idpPayloads.grantId, grantId));
    }
  };
}

/** Drops expired rows; run at start. */
export async function pruneExpired(db: Db): Promise<void> {
  await db.delete(idpPayloads).where(lt(idpPayloads.expiresAt, new Date()));
}
