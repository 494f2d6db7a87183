CREATE TABLE "scheduled_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"product_price_pence" integer NOT NULL,
	"effective_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reviewed_on" date;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_prices" ADD CONSTRAINT "scheduled_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_prices_service_day_idx" ON "scheduled_prices" USING btree ("service_id","effective_on");