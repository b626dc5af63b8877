CREATE TABLE "automerge_storage_parts" (
	"key" text NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automerge_storage_parts_key_part_pk" PRIMARY KEY("key","part")
);
--> statement-breakpoint
CREATE TABLE "project_texts" (
	"project_id" text NOT NULL,
	"hash" text NOT NULL,
	"part" integer NOT NULL,
	"parts" integer NOT NULL,
	"body" text NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_texts_project_id_hash_part_pk" PRIMARY KEY("project_id","hash","part")
);
--> statement-breakpoint
ALTER TABLE "automerge_storage" ADD COLUMN "parts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "text_refs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- project_texts rows are written before the row that refers to them, so they have no foreign key:
-- a project's texts go with its row, however it is deleted (by the api, or by its owner's deletion).
CREATE OR REPLACE FUNCTION beamstage_drop_project_texts() RETURNS trigger AS $$
BEGIN
  DELETE FROM project_texts WHERE project_id = OLD.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER projects_drop_texts
  AFTER DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION beamstage_drop_project_texts();
