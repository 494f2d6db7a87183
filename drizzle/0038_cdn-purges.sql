CREATE TABLE "cdn_purges" (
	"key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"follow_up" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- custom: every content change also queues its table's name as a surrogate key, in the same transaction, for the
-- shared cache's purge (app/server/cdn-purge.server.ts); queued again, a key waits for a fresh send.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO cdn_purges (key) VALUES (TG_TABLE_NAME)
    ON CONFLICT (key) DO UPDATE
      SET queued_at = now(), next_attempt_at = now(), attempts = 0, lease_until = NULL, last_error = NULL, follow_up = false;
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
