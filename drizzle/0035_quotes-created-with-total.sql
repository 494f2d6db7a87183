DROP INDEX "quotes_created_idx";--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id","total_pence");