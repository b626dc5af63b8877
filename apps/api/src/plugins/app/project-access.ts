import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { projectMembers, projects } from '../../db/schema/index';

/** A caller's role on a project; null means no access (answer 404, never 403, to hide existence). */
export type ProjectRole = 'owner' | 'editor' | 'viewer';

declare module 'fastify' {
  interface FastifyInstance {
    projectAccess(userId: string, projectId: string): Promise<ProjectRole | null>;
  }
}

/** Decorates app.projectAccess: the role from the database, never from the request body. */
export default fp(
  async (app) => {
    app.decorate('projectAccess', async (userId: string, projectId: string): Promise<ProjectRole | null> => {
      const [row] = await app.db
        .select({ ownerId: projects.ownerId, role: projectMembers.role })
        .from(projects)
        .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
        .where(eq(projects.id, projectId));
      if (!row) return null;
      if (row.ownerId === userId) return 'owner';
      return row.role ?? null;
    });
  },
  { name: 'project-access', dependencies: ['db'] },
);
