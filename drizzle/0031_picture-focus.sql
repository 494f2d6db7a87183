ALTER TABLE "pictures" ADD COLUMN "focus_x" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ADD COLUMN "focus_y" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_focus_x_range" CHECK ("pictures"."focus_x" between 0 and 100);--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_focus_y_range" CHECK ("pictures"."focus_y" between 0 and 100);