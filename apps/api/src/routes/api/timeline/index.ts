import type { FastifyInstance } from 'fastify';
import { timelineRoutes } from '../layers/index';

/** /api/timeline/delete and /api/timeline/cleanup. */
export default async function timeline(app: FastifyInstance) {
  await app.register(timelineRoutes);
}
