/**
 * The automerge_storage table as SQL, for tests and tools that run without the api's migrations.
 * The api creates the table through drizzle-kit from storage-table.ts; keep the two identical.
 */
export const AUTOMERGE_STORAGE_DDL = `CREATE TABLE IF NOT EXISTS "automerge_storage" (
  "key" text PRIMARY KEY NOT NULL,
  "data" bytea NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
)`;
