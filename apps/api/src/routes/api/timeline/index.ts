import type { FastifyInstance } from 'fastify';
import { timelineRoutes } from '../../../projects/cleanup-routes';

/** /api/timeline/delete and /api/timeline/cleanup. */
export default async function timeline(app: FastifyInstance) {
  await app.register(timelineRoutes);
}
