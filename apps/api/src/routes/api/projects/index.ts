import type { FastifyInstance } from 'fastify';
import { memberRoutes } from '../../../projects/member-routes';
import { projectRoutes } from '../../../projects/project-routes';

/** /api/projects/* (routes live in src/projects so this folder holds only the autoloaded entry). */
export default async function projects(app: FastifyInstance) {
  await app.register(memberRoutes);
  await app.register(projectRoutes);
}
