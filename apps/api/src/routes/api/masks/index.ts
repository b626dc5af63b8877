import type { FastifyInstance } from 'fastify';
import { registerUploadRoutes } from '../../../plugins/app/uploads/routes';

/** /api/masks/*: presigned uploads of PNG or (sanitised) SVG masks; fileSize is required. */
export default async function masks(app: FastifyInstance) {
  registerUploadRoutes(app, 'mask');
}
