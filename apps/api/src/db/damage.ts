/** Where the restore steps are, named in every damage message. */
export const RESTORE_HINT = 'see "Backups and restore" in apps/api/README.md';

/**
 * The database failed the start-up check: the message names the damaged file or table and says how
 * to restore. Nothing was written to it (the check runs before the migrations).
 */
export class DatabaseDamagedError extends Error {
  constructor(
    /** What is damaged, e.g. `table projects (file /data/db/base/5/16482)`. */
    readonly what: string,
    /** The database's own words. */
    readonly detail: string,
    kind: 'pglite' | 'postgres',
    location: string,
  ) {
    const restore =
      kind === 'pglite'
        ? `Keep the folder as it is for inspection, and restore DATA_DIR from your last backup (${RESTORE_HINT}).`
        : `Restore the database from your last pg_dump (${RESTORE_HINT}).`;
    super(`the database in ${location} is damaged: ${what} cannot be read (${detail}). Beamstage did not start and wrote nothing to it. ${restore}`);
    this.name = 'DatabaseDamagedError';
  }
}

/** The result of the start-up check, for /api/health. */
export interface DatabaseCheck {
  ok: true;
  /** Tables read in full. */
  tables: number;
  ms: number;
}
