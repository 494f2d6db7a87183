CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text[] NOT NULL,
	"audience" text NOT NULL,
	"percent" integer,
	"amount_off_pence" integer,
	"code" text NOT NULL,
	"stylist_slugs" text[] NOT NULL,
	"start_date" date,
	"end_date" date,
	"small_print" text[] NOT NULL,
	"image" text NOT NULL,
	"level_prices" jsonb,
	"listed" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"sms_headline" text,
	"sms_lead" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "offers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "opening_hours" jsonb;