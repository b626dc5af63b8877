import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { publicFileUrl } from './public-files';
import { createUploadService, type UploadService } from './uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Presigned uploads, finalise, public copies and deletion with storage quota. */
    uploads: UploadService;
  }
}

/** Decorates app.uploads over app.db, app.storage and app.projectAccess. */
export default fp(
  async (app) => {
    const { s3 } = app.config;
    app.decorate(
      'uploads',
      createUploadService({
        db: app.db as unknown as Db,
        store: app.storage,
        presign: { endpoint: app.storage.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, region: s3.region },
        projectAccess: (userId, projectId) => app.projectAccess(userId, projectId),
        publicUrl: (key) => publicFileUrl(app.config.publicOrigin, key),
      }),
    );
  },
  { name: 'uploads', dependencies: ['db', 'storage', 'project-access', 'quota'] },
);
