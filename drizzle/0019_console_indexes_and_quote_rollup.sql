CREATE TABLE "quote_rollup" (
	"week" date NOT NULL,
	"salon_id" integer NOT NULL,
	"referral" text NOT NULL,
	"status" text NOT NULL,
	"quotes" integer NOT NULL,
	"opened" integer NOT NULL,
	"views" integer NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
DROP INDEX "feedback_created_idx";--> statement-breakpoint
DROP INDEX "quotes_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "quote_rollup_key_idx" ON "quote_rollup" USING btree ("week","salon_id","referral","status") WHERE not "quote_rollup"."delta";--> statement-breakpoint
CREATE INDEX "quote_rollup_delta_idx" ON "quote_rollup" USING btree ("week") WHERE "quote_rollup"."delta";--> statement-breakpoint
CREATE INDEX "feedback_new_idx" ON "feedback" USING btree ("id") WHERE "feedback"."status" = 'new';--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "job_applications_new_idx" ON "job_applications" USING btree ("id") WHERE "job_applications"."status" = 'new';--> statement-breakpoint
CREATE INDEX "model_applications_created_idx" ON "model_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "model_applications_new_idx" ON "model_applications" USING btree ("id") WHERE "model_applications"."status" = 'new';--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");