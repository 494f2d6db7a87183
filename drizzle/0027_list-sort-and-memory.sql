CREATE TABLE "staff_list_filters" (
	"staff_id" integer NOT NULL,
	"list" text NOT NULL,
	"search" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_list_filters_staff_id_list_pk" PRIMARY KEY("staff_id","list")
);
--> statement-breakpoint
ALTER TABLE "staff_list_filters" ADD CONSTRAINT "staff_list_filters_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_total_idx" ON "quotes" USING btree ("total_pence","id");