import type { FastifyInstance } from 'fastify';
import { sceneRoutes } from '../../../projects/scene-routes';

/** /api/scenes: the scenes service (load and save scenes and timeline). */
export default async function scenes(app: FastifyInstance) {
  await app.register(sceneRoutes);
}
