CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"body_html" text NOT NULL,
	"author" text NOT NULL,
	"published_at" date NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"intro" smallint NOT NULL,
	"consultation" smallint NOT NULL,
	"cleanliness" smallint NOT NULL,
	"appearance" smallint NOT NULL,
	"products" smallint NOT NULL,
	"styling" smallint NOT NULL,
	"rec" boolean,
	"points" boolean,
	"value" smallint NOT NULL,
	"experience" smallint NOT NULL,
	"result" smallint NOT NULL,
	"return" text NOT NULL,
	"repeat" text NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"position" text NOT NULL,
	"about" text NOT NULL,
	"why_hair" text NOT NULL,
	"why_us" text NOT NULL,
	"salon_id" integer DEFAULT 1 NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"adapter_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"info" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"body" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_items_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"link" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"referral" text NOT NULL,
	"regular" boolean NOT NULL,
	"selector" text NOT NULL,
	"calculator" text NOT NULL,
	"salon_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"stylist_id" integer,
	"stylist_name" text,
	"stylist_image" text,
	"stylist_salon_id" integer,
	"lines" jsonb NOT NULL,
	"total_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"review" text NOT NULL,
	"client" text NOT NULL,
	"stylist_slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salons" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"logo" text NOT NULL,
	"image" text NOT NULL,
	"address" text NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"telephone" text NOT NULL,
	"booking_url" text NOT NULL,
	"website_url" text
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"price_pence" integer NOT NULL,
	"product_price_pence" integer DEFAULT 0 NOT NULL,
	"cat1" smallint NOT NULL,
	"cat2" smallint NOT NULL,
	"group_name" text NOT NULL,
	"min_level" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile_image" text NOT NULL,
	"desktop_image" text NOT NULL,
	"alt" text NOT NULL,
	"url" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_tiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"brand" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"url" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stylists" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"salon_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"image" text NOT NULL,
	"montage_image" text NOT NULL,
	"para_1" text NOT NULL,
	"para_2" text NOT NULL,
	"para_3" text,
	"average_price_pence" integer NOT NULL,
	"accepting_new_clients" boolean DEFAULT true NOT NULL,
	"instagram" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stylists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_stylist_id_stylists_id_fk" FOREIGN KEY ("stylist_id") REFERENCES "public"."stylists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stylists" ADD CONSTRAINT "stylists_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stylists" ADD CONSTRAINT "stylists_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_link_idx" ON "quotes" USING btree ("link");--> statement-breakpoint
CREATE INDEX "reviews_stylist_idx" ON "reviews" USING btree ("stylist_slug");--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("cat1","cat2");