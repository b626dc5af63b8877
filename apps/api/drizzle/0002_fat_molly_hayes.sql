CREATE TABLE "sync_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"document_id" text NOT NULL,
	"user_id" text,
	"mode" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sync_tickets_expires_idx" ON "sync_tickets" USING btree ("expires_at");