CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"lead" text,
	"body" text NOT NULL,
	"publish_from" date,
	"publish_until" date,
	"from_salon_id" integer,
	"sister_salon_id" integer,
	"sister_salon_text" text,
	"alternative_stylists" text DEFAULT '' NOT NULL,
	"offer_code" text,
	"offer_percent" integer,
	"offer_text" text,
	"offer_small_print" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "notices_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;