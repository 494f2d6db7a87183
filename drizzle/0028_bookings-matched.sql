CREATE TABLE "appointment_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"staff_id" integer,
	"appointments" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"to_review" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"salon_name" text DEFAULT '' NOT NULL,
	"salon_id" integer,
	"stylist_name" text DEFAULT '' NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"value_pence" integer,
	"client_name" text DEFAULT '' NOT NULL,
	"client_mobile" text,
	"client_email" text,
	"cancelled" boolean DEFAULT false NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"previous_status" text,
	"status_note_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_webhook_secret" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	CONSTRAINT "booking_webhook_secret_one_row" CHECK ("booking_webhook_secret"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "appointment_imports" ADD CONSTRAINT "appointment_imports_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_imports" ADD CONSTRAINT "appointment_imports_undone_by_staff_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_import_id_appointment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."appointment_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_matches" ADD CONSTRAINT "booking_matches_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_matches" ADD CONSTRAINT "booking_matches_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_matches" ADD CONSTRAINT "booking_matches_status_note_id_staff_notes_id_fk" FOREIGN KEY ("status_note_id") REFERENCES "public"."staff_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_matches" ADD CONSTRAINT "booking_matches_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_webhook_secret" ADD CONSTRAINT "booking_webhook_secret_set_by_staff_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_source_external_idx" ON "appointments" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "appointments_import_idx" ON "appointments" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_matches_pair_idx" ON "booking_matches" USING btree ("appointment_id","quote_id");--> statement-breakpoint
CREATE INDEX "booking_matches_quote_idx" ON "booking_matches" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "booking_matches_review_idx" ON "booking_matches" USING btree ("created_at") WHERE "booking_matches"."state" = 'review';