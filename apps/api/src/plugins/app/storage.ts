import fp from 'fastify-plugin';
import { openObjectStore, type ObjectStore } from '../../storage/object-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The S3-compatible object store (minio client), its bucket and publicUrl(key). */
    storage: ObjectStore;
  }
}

/** Starts s3rver in DATA_DIR/objects (or connects to S3_ENDPOINT) and creates the bucket. */
export default fp(
  async (app) => {
    const store = await openObjectStore(app.config.s3, { dataDir: app.config.dataDir, publicOrigin: app.config.publicOrigin });
    app.decorate('storage', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'storage' },
);
