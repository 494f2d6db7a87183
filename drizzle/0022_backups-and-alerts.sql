CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"file" text,
	"bytes" bigint,
	"sha256" text,
	"remote" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "owner_alerts" (
	"cause" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at");