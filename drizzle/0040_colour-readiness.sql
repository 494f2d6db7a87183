ALTER TABLE "quotes" ADD COLUMN "skin_test" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "consultation_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "skin_test_url" text;