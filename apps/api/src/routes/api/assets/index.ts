import type { FastifyInstance } from 'fastify';
import { registerPublicFileRoute } from '../../../plugins/app/uploads/public-files';
import { registerUploadRoutes } from '../../../plugins/app/uploads/routes';

/** /api/assets/*: presigned uploads of images and videos (spec section 7), and published files. */
export default async function assets(app: FastifyInstance) {
  registerUploadRoutes(app, 'asset');
  registerPublicFileRoute(app, () => app.storage);
}
