CREATE TABLE "picture_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload" "bytea" NOT NULL,
	"format" text NOT NULL,
	"alt" text NOT NULL,
	"staff_id" integer,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
CREATE FUNCTION notify_outbox_ready() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('outbox_ready', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER outbox_ready AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox_ready();
--> statement-breakpoint
CREATE FUNCTION notify_picture_job() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('picture_jobs', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER picture_job_waiting AFTER INSERT ON "picture_jobs" FOR EACH STATEMENT EXECUTE FUNCTION notify_picture_job();
