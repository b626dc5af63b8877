import type { FastifyInstance } from 'fastify';
import type { ProjectRole } from '../plugins/app/project-access';
import { forbidden, notFound } from '../errors/api-error';

const RANK: Record<ProjectRole, number> = { viewer: 1, editor: 2, owner: 3 };

/** The caller's role if it is at least `min`; 404 without access (hides the project), 403 below `min`. */
export async function requireRole(app: FastifyInstance, userId: string, projectId: unknown, min: ProjectRole): Promise<ProjectRole> {
  if (typeof projectId !== 'string' || projectId === '') throw notFound();
  const role = await app.projectAccess(userId, projectId);
  if (!role) throw notFound();
  if (RANK[role] < RANK[min]) throw forbidden(min === 'owner' ? 'Only the project owner can do this' : 'Viewers cannot change this project');
  return role;
}
