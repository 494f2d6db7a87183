ALTER TABLE "news_items" ADD COLUMN "picture_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "picture_id" text;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "picture_id" text;--> statement-breakpoint
ALTER TABLE "shop_tiles" ADD COLUMN "picture_id" text;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salons" ADD CONSTRAINT "salons_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_tiles" ADD CONSTRAINT "shop_tiles_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;