import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { projects, users } from '../db/schema/index';
import { ProjectLimitError } from '../errors/api-error';

/**
 * The free tier's project limit, used only while app.quota (api-commerce's plans table) is absent;
 * with it, the user's plan decides.
 */
export const FREE_PROJECT_LIMIT = 3;

/**
 * Runs `create` only while the user owns fewer projects than their plan allows, atomically
 * (the user's row is locked for the count and the insert). 403 "Project limit reached" otherwise.
 */
export async function withProjectSlot(app: FastifyInstance, userId: string, create: (tx: Db) => Promise<void>): Promise<void> {
  // Both paths throw ProjectLimitError, an ApiError: the app's error handler answers it as is.
  if (app.hasDecorator('quota')) {
    await app.quota.withProjectSlot(userId, (tx) => create(tx as unknown as Db));
    return;
  }
  await app.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [owned] = await tx.select({ n: count() }).from(projects).where(eq(projects.ownerId, userId));
    if ((owned?.n ?? 0) >= FREE_PROJECT_LIMIT) throw new ProjectLimitError(FREE_PROJECT_LIMIT);
    await create(tx as unknown as Db);
  });
}
