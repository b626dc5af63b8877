import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projectMembers, users } from '../db/schema/index';

export interface Member {
  userId: string;
  email: string | null;
  name: string | null;
  role: 'owner' | 'editor' | 'viewer';
}

/** The owner and the members of a project. */
export async function listMembers(db: Db, projectId: string, ownerId: string): Promise<Member[]> {
  const [owner] = await db.select({ userId: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, ownerId));
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(projectMembers.createdAt);
  return [...(owner ? [{ ...owner, role: 'owner' as const }] : []), ...rows];
}

/** The user with this e-mail (as signed in: trimmed, lower case), or null. */
export async function findUserByEmail(db: Db, email: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** Adds a member with `role`, or changes an existing member's role. */
export async function upsertMember(db: Db, projectId: string, userId: string, role: 'editor' | 'viewer'): Promise<void> {
  await db
    .insert(projectMembers)
    .values({ projectId, userId, role })
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role } });
}

/** Removes a member; false when the user was not one. */
export async function removeMember(db: Db, projectId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  return rows.length > 0;
}
