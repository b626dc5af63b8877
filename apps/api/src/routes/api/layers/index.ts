import type { FastifyInstance } from 'fastify';
import { layerRoutes } from '../../../projects/cleanup-routes';

/** /api/layers/delete and /api/layers/cleanup. */
export default async function layers(app: FastifyInstance) {
  await app.register(layerRoutes);
}
