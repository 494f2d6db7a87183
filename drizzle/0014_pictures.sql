CREATE TABLE "picture_variants" (
	"picture_id" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "picture_variants_picture_id_width_format_pk" PRIMARY KEY("picture_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"source_format" text NOT NULL,
	"master" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "stylists" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "stylists" ADD COLUMN "montage_id" text;--> statement-breakpoint
ALTER TABLE "stylists" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "picture_variants" ADD CONSTRAINT "picture_variants_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stylists" ADD CONSTRAINT "stylists_photo_id_pictures_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stylists" ADD CONSTRAINT "stylists_montage_id_pictures_id_fk" FOREIGN KEY ("montage_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;