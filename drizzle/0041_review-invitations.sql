CREATE TABLE "review_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"quote_id" integer,
	"channel" text NOT NULL,
	"client_name" text NOT NULL,
	"stylist_slug" text NOT NULL,
	"service" text NOT NULL,
	"visited_on" date NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_appointment_key" UNIQUE("appointment_id"),
	CONSTRAINT "review_invitations_token_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'salon' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source_detail" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "visited_on" date;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "invitation_id" integer;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_quote_day_idx" ON "review_invitations" USING btree ("quote_id","visited_on");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invitation_id_review_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."review_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invitation_key" UNIQUE("invitation_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_check" CHECK ("reviews"."source" = 'salon' or ("reviews"."source" = 'visit' and "reviews"."visited_on" is not null));