CREATE TABLE "level_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"scope" text NOT NULL,
	"by" text NOT NULL,
	"step" integer NOT NULL,
	"effective_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_price_changes" ADD CONSTRAINT "level_price_changes_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_price_changes_level_day_idx" ON "level_price_changes" USING btree ("level_id","effective_on");--> statement-breakpoint
-- custom: a level's change moves the calculator's prices, so every process drops its cached price list.
CREATE TRIGGER level_price_changes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "level_price_changes" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
