// Every quota is one atomic conditional statement (design.md section 4 rule 9): the limit is read
// from the plans table inside the same statement that takes the unit, so concurrent requests can
// never overshoot it. Table names follow the shared contract (users, projects, plans, ai_usage).
import { sql, type SQL } from 'drizzle-orm';
import { ProjectLimitError } from '../../../errors/api-error';
import { DEFAULT_PLAN_ID } from './plans';

export { ProjectLimitError };
import { queryRows } from './db';
import type { Db } from '../../../db/client';

/** The limit of a plan column for a user, falling back to the free plan when theirs is missing. */
const planLimit = (column: 'project_limit' | 'storage_limit_bytes' | 'ai_daily_limit', userRef: SQL) =>
  sql`COALESCE((SELECT p.${sql.raw(column)} FROM plans p WHERE p.id = ${userRef}), (SELECT p.${sql.raw(column)} FROM plans p WHERE p.id = ${DEFAULT_PLAN_ID}), 0)`;

/** The user's plan limits and current usage. */
export interface UserQuota {
  planId: string;
  projectLimit: number;
  storageLimitBytes: number;
  storageBytes: number;
  aiDailyLimit: number;
}

/** Reads a user's plan limits and stored bytes; null when the user does not exist. */
export async function getUserQuota(db: Db, userId: string): Promise<UserQuota | null> {
  const rows = await queryRows<{
    plan_id: string;
    project_limit: number;
    storage_limit_bytes: string | number;
    storage_bytes: string | number;
    ai_daily_limit: number;
  }>(
    db,
    sql`SELECT u.plan_id, ${planLimit('project_limit', sql`u.plan_id`)} AS project_limit,
          ${planLimit('storage_limit_bytes', sql`u.plan_id`)} AS storage_limit_bytes,
          u.storage_bytes, ${planLimit('ai_daily_limit', sql`u.plan_id`)} AS ai_daily_limit
        FROM users u WHERE u.id = ${userId}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    planId: row.plan_id,
    projectLimit: Number(row.project_limit),
    storageLimitBytes: Number(row.storage_limit_bytes),
    storageBytes: Number(row.storage_bytes),
    aiDailyLimit: Number(row.ai_daily_limit),
  };
}

/** The number of projects the user's plan lets them own (the free plan's when unknown). */
export async function getProjectLimit(db: Db, userId: string): Promise<number> {
  return (await getUserQuota(db, userId))?.projectLimit ?? 0;
}

/**
 * Runs `create` inside a transaction that holds the user's row lock, after checking that the user
 * owns fewer projects than their plan allows. Concurrent creations by one user serialise on the
 * lock, so the limit holds exactly. Throws ProjectLimitError when it is reached.
 */
export async function withProjectSlot<T>(db: Db, userId: string, create: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Lock first, count in a second statement: under READ COMMITTED a statement that waited for
    // the lock still counts with the snapshot it took before waiting (found by the Postgres test).
    const locked = await queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    if (!locked[0]) throw new ProjectLimitError(0);
    const rows = await queryRows<{ owned: string | number; project_limit: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM projects pr WHERE pr.owner_id = u.id) AS owned,
            ${planLimit('project_limit', sql`u.plan_id`)} AS project_limit
          FROM users u WHERE u.id = ${userId}`,
    );
    const row = rows[0];
    const limit = Number(row?.project_limit ?? 0);
    if (!row || Number(row.owned) >= limit) throw new ProjectLimitError(limit);
    return create(tx as Db);
  });
}

/**
 * Adds `bytes` to the user's stored bytes only if the total stays within their plan's storage
 * limit. Returns the new total, or null when the quota would be exceeded.
 */
export async function reserveStorage(db: Db, userId: string, bytes: number): Promise<number | null> {
  const rows = await queryRows<{ storage_bytes: string | number }>(
    db,
    sql`UPDATE users SET storage_bytes = storage_bytes + ${bytes}
        WHERE id = ${userId} AND storage_bytes + ${bytes} <= ${planLimit('storage_limit_bytes', sql`users.plan_id`)}
        RETURNING storage_bytes`,
  );
  return rows[0] ? Number(rows[0].storage_bytes) : null;
}

/** A pending upload's row, written in the same statement that reserves its bytes. */
export interface PendingObject {
  key: string;
  projectId: string;
  kind: string;
  contentType: string;
  fileName: string;
  expiresAt: Date;
}

/**
 * Reserves `bytes` of the user's storage quota and records the pending object in one statement
 * (a data-modifying CTE): both happen or neither. Returns false when the quota would be exceeded.
 */
export async function reserveStorageForObject(db: Db, userId: string, bytes: number, object: PendingObject): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`WITH reserved AS (
          UPDATE users SET storage_bytes = storage_bytes + ${bytes}
          WHERE id = ${userId} AND storage_bytes + ${bytes} <= ${planLimit('storage_limit_bytes', sql`users.plan_id`)}
          RETURNING id
        )
        INSERT INTO storage_objects (key, user_id, project_id, kind, content_type, file_name, size_bytes, status, expires_at)
        SELECT ${object.key}, reserved.id, ${object.projectId}, ${object.kind}, ${object.contentType}, ${object.fileName}, ${bytes}, 'pending', ${object.expiresAt.toISOString()}::timestamptz
        FROM reserved
        RETURNING key`,
  );
  return rows.length === 1;
}

/** Gives `bytes` back to the user's storage count (never below zero). */
export async function releaseStorage(db: Db, userId: string, bytes: number): Promise<void> {
  await db.execute(sql`UPDATE users SET storage_bytes = GREATEST(storage_bytes - ${bytes}, 0) WHERE id = ${userId}`);
}

/** The UTC day key ('YYYY-MM-DD') the AI quota counts in. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Takes one AI generation from today's quota: an upsert whose update only fires while the count
 * is under the plan's daily limit. Returns the count after taking, or null when none is left.
 */
export async function takeAiQuota(db: Db, userId: string, now: Date): Promise<number | null> {
  const day = utcDay(now);
  const rows = await queryRows<{ used: number }>(
    db,
    sql`INSERT INTO ai_usage (user_id, day, used)
        SELECT u.id, ${day}, 1 FROM users u WHERE u.id = ${userId} AND ${planLimit('ai_daily_limit', sql`u.plan_id`)} > 0
        ON CONFLICT (user_id, day) DO UPDATE SET used = ai_usage.used + 1
        WHERE ai_usage.used < (SELECT ${planLimit('ai_daily_limit', sql`u2.plan_id`)} FROM users u2 WHERE u2.id = ai_usage.user_id)
        RETURNING used`,
  );
  return rows[0] ? Number(rows[0].used) : null;
}

/** Gives back one AI generation taken today (after a provider failure). */
export async function refundAiQuota(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute(sql`UPDATE ai_usage SET used = used - 1 WHERE user_id = ${userId} AND day = ${utcDay(now)} AND used > 0`);
}

/** Today's AI usage: `{ usedToday, dailyLimit, remaining }`. */
export async function getAiUsage(db: Db, userId: string, now: Date): Promise<{ usedToday: number; dailyLimit: number; remaining: number }> {
  const quota = await getUserQuota(db, userId);
  const rows = await queryRows<{ used: number }>(db, sql`SELECT used FROM ai_usage WHERE user_id = ${userId} AND day = ${utcDay(now)}`);
  const usedToday = Number(rows[0]?.used ?? 0);
  const dailyLimit = quota?.aiDailyLimit ?? 0;
  return { usedToday, dailyLimit, remaining: Math.max(dailyLimit - usedToday, 0) };
}
