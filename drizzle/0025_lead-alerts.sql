CREATE TABLE "salon_alerts" (
	"salon_id" integer PRIMARY KEY NOT NULL,
	"email" text,
	"mobile" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "uncontacted_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "salon_alerts" ADD CONSTRAINT "salon_alerts_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_new_created_idx" ON "quotes" USING btree ("created_at","id") WHERE "quotes"."status" = 'new';