CREATE TABLE "picture_object_removals" (
	"object_prefix" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "picture_variants" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ALTER COLUMN "master" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ADD COLUMN "object_prefix" text;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_stored_somewhere" CHECK ("pictures"."master" is not null or "pictures"."object_prefix" is not null);--> statement-breakpoint
CREATE FUNCTION note_picture_object_removal() RETURNS trigger AS $$
BEGIN
  INSERT INTO picture_object_removals (object_prefix) VALUES (OLD.object_prefix) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pictures_object_removal AFTER DELETE ON "pictures" FOR EACH ROW WHEN (OLD.object_prefix IS NOT NULL) EXECUTE FUNCTION note_picture_object_removal();
