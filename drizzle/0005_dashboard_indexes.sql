CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotes_mobile_idx" ON "quotes" USING btree ("mobile","created_at");