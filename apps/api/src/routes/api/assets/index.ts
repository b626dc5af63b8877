import type { FastifyInstance } from 'fastify';
import { registerUploadRoutes } from '../../../plugins/app/uploads/routes';

/** /api/assets/*: presigned uploads of images and videos (spec section 7). */
export default async function assets(app: FastifyInstance) {
  registerUploadRoutes(app, 'asset');
}
