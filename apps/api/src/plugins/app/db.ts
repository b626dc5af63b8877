import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../../db/client';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/lock';
import { sweepTextsWithoutProject } from '../../projects/project-texts';

declare module 'fastify' {
  interface FastifyInstance {
    /** drizzle over PGlite (DATA_DIR/db) or Postgres (DATABASE_URL), migrations applied. */
    db: Db;
    dbHandle: DbHandle;
  }
}

/** Takes the data dir lock, opens the database, applies migrations; closes both on app.close(). */
export default fp(
  async (app) => {
    const release = lockDataDir(app.config.dataDir);
    let handle: DbHandle;
    try {
      handle = await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir });
    } catch (err) {
      release();
      throw err;
    }
    // The embedded database's thread died (its wasm module failed): never limp on (design.md rule 14).
    handle.onFailure((reason) => app.fatal.fail(reason));
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    // What failed writes left behind (a create that stored its long texts and then hit the project limit).
    const swept = await sweepTextsWithoutProject(handle.db);
    if (swept > 0) app.log.info({ parts: swept }, 'Removed long texts of projects that were never created');
    app.addHook('onClose', async () => {
      try {
        await handle.close();
      } finally {
        release();
      }
    });
  },
  { name: 'db' },
);
