ALTER TABLE "staff_users" ADD COLUMN "salon_ids" integer[];--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_salons_check" CHECK ("staff_users"."salon_ids" is null or ("staff_users"."role" <> 'owner' and cardinality("staff_users"."salon_ids") > 0));--> statement-breakpoint
-- One salon per lead (decision 109): a quote that names a stylist is the stylist's salon's, as its messages said.
-- The quote_rollup trigger moves each corrected quote to its salon's figures.
UPDATE "quotes" SET "salon_id" = "stylist_salon_id"
WHERE "stylist_salon_id" IS NOT NULL AND "stylist_salon_id" <> "salon_id"
  AND EXISTS (SELECT 1 FROM "salons" WHERE "salons"."id" = "quotes"."stylist_salon_id");
