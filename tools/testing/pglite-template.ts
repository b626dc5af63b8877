import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

// PGlite's initdb costs about 8 s of CPU here, on a folder or in memory alike; opening a copy of
// an initialised, cleanly closed cluster costs under 1 s (measured on this machine: 8,198 vs
// 855 ms CPU for a folder, 7,366 vs 1,016 ms in memory). The api and sync suites start dozens of
// databases and each paid the initdb. So a suite's global setup makes one cluster per run, and
// tests copy it: the database then opens an existing, empty cluster, which is the path of every
// restart. A first start on an empty folder (initdb, then migrations) stays covered where no
// template is given: the journeys' studio (tools/e2e) and `npm start`.

/** Where the global setup says the run's template is; unset outside the suites that make one (benches). */
export const PGLITE_TEMPLATE_ENV = 'BEAMSTAGE_TEST_PGLITE_TEMPLATE';

/** The template's cluster folder and the same cluster as PGlite's data-dir tarball, under its root. */
const CLUSTER = 'db';
const TARBALL = 'db.tar';

/** Makes an initialised, cleanly closed PGlite cluster (and its tarball) in a new temp folder; returns the folder. */
export async function makePgliteTemplate(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'beamstage-pglite-template-'));
  const db = await PGlite.create(join(root, CLUSTER));
  const dump = await db.dumpDataDir('none');
  await db.close();
  writeFileSync(join(root, TARBALL), new Uint8Array(await dump.arrayBuffer()));
  return root;
}

const templateRoot = (): string | null => {
  const root = process.env[PGLITE_TEMPLATE_ENV];
  return root && existsSync(join(root, CLUSTER, 'PG_VERSION')) ? root : null;
};

/**
 * Gives `dataDir` the run's template cluster as its database folder (`db/`, where the api opens
 * PGlite), when the suite made one and the folder has no database yet; otherwise leaves it to
 * PGlite's initdb. Returns `dataDir`.
 */
export function seedDataDir(dataDir: string): string {
  const root = templateRoot();
  const db = join(dataDir, CLUSTER);
  if (root && !existsSync(join(db, 'PG_VERSION'))) cpSync(join(root, CLUSTER), db, { recursive: true });
  return dataDir;
}

/** The template's tarball (~40 MB), read once per test process and per template, not once per database. */
let tarball: { root: string; blob: Blob } | null = null;

/** A new in-memory PGlite, loaded from the run's template when there is one (else its own initdb). */
export function inMemoryPglite(options: Omit<PGliteOptions, 'dataDir' | 'loadDataDir'> = {}): PGlite {
  const root = templateRoot();
  if (!root) return new PGlite(options);
  if (tarball?.root !== root) tarball = { root, blob: new Blob([readFileSync(join(root, TARBALL))]) };
  return new PGlite({ ...options, loadDataDir: tarball.blob });
}
