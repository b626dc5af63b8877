import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// PGlite's initdb on an empty folder costs about 8 s of CPU; copying an initialised, cleanly
// closed cluster and opening it costs under 1 s (measured here: 8,198 vs 855 ms CPU). The api
// suite starts dozens of apps and servers on fresh data dirs, and each paid the initdb. So the
// suite's global setup makes one such cluster per run and tests copy it into their DATA_DIR: the
// server then opens an existing, empty database, which is the path of every restart. A first
// start on an empty folder (initdb, then migrations) stays covered where no template is given:
// the journeys' studio (tools/e2e) and `npm start`.

/** Where the global setup says the run's template cluster is; unset outside the api suite (benches). */
export const PGLITE_TEMPLATE_ENV = 'BEAMSTAGE_TEST_PGLITE_TEMPLATE';

/** Makes an initialised, cleanly closed PGlite cluster in a new temp folder; returns the folder. */
export async function makePgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'beamstage-pglite-template-'));
  const db = await PGlite.create(dir);
  await db.close();
  return dir;
}

/**
 * Gives `dataDir` the run's template cluster as its database folder (`db/`, where the api opens
 * PGlite), when the suite made one and the folder has no database yet; otherwise leaves it to
 * PGlite's initdb. Returns `dataDir`.
 */
export function seedDataDir(dataDir: string): string {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const db = join(dataDir, 'db');
  if (template && existsSync(join(template, 'PG_VERSION')) && !existsSync(join(db, 'PG_VERSION'))) cpSync(template, db, { recursive: true });
  return dataDir;
}
