/**
 * The automerge_storage and automerge_storage_parts tables as SQL, for tests and tools that run
 * without the api's migrations. The api creates them through drizzle-kit from storage-table.ts;
 * keep the two identical. Several statements: run it with exec (PGlite) or a parameterless query.
 * The ALTER brings a database made before automerge_storage had parts up to date.
 */
export const AUTOMERGE_STORAGE_DDL = `CREATE TABLE IF NOT EXISTS "automerge_storage" (
  "key" text PRIMARY KEY NOT NULL,
  "data" bytea NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "parts" integer DEFAULT 0 NOT NULL
);
ALTER TABLE "automerge_storage" ADD COLUMN IF NOT EXISTS "parts" integer DEFAULT 0 NOT NULL;
CREATE TABLE IF NOT EXISTS "automerge_storage_parts" (
  "key" text NOT NULL,
  "part" integer NOT NULL,
  "data" bytea NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "automerge_storage_parts_key_part_pk" PRIMARY KEY("key","part")
)`;
