CREATE TABLE "booking_link_checks" (
	"url" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"problem" text,
	"failing_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booking_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"salon_id" integer NOT NULL,
	"stylist_id" integer,
	"service_id" integer,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_links_case_key" UNIQUE NULLS NOT DISTINCT("salon_id","stylist_id","service_id"),
	CONSTRAINT "booking_links_not_default" CHECK ("booking_links"."stylist_id" is not null or "booking_links"."service_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "book_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "first_book_click_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "last_book_click_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_stylist_id_stylists_id_fk" FOREIGN KEY ("stylist_id") REFERENCES "public"."stylists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: a booking link changed: public pages' Book buttons read the map through the content cache.
CREATE TRIGGER booking_links_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking_links" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
-- custom: events out (decision 075). Queues one webhook in the outbox when the owner has set an address
-- (site_settings 'webhookUrl'); the outbox signs and sends it, with its retries.
CREATE OR REPLACE FUNCTION queue_webhook(event text, data jsonb) RETURNS void AS $$
  INSERT INTO outbox (channel, recipient, template, payload, message_id)
  SELECT 'webhook', value, event, data, '<' || gen_random_uuid() || '@webhook>'
  FROM site_settings WHERE key = 'webhookUrl' AND value <> '';
$$ LANGUAGE sql;
--> statement-breakpoint
-- custom: a quote saved, and a quote's status becoming Booked by whatever path writes it.
CREATE OR REPLACE FUNCTION quotes_webhook() RETURNS trigger AS $$
DECLARE
  data jsonb := jsonb_build_object('quoteId', NEW.id, 'salonId', coalesce(NEW.stylist_salon_id, NEW.salon_id),
    'stylist', NEW.stylist_name, 'levelId', NEW.level_id, 'totalPence', NEW.total_pence, 'status', NEW.status,
    'savedAt', NEW.created_at);
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM queue_webhook('quote.saved', data);
  ELSIF NEW.status = 'booked' AND OLD.status IS DISTINCT FROM 'booked' THEN
    PERFORM queue_webhook('quote.booked', data);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER quotes_webhook AFTER INSERT OR UPDATE OF status ON "quotes" FOR EACH ROW EXECUTE FUNCTION quotes_webhook();
--> statement-breakpoint
-- custom: an application received (job or hair model).
CREATE OR REPLACE FUNCTION applications_webhook() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'job_applications' THEN
    PERFORM queue_webhook('application.job', jsonb_build_object('applicationId', NEW.id, 'salonId', NEW.salon_id,
      'role', NEW.role, 'position', NEW.position, 'receivedAt', NEW.created_at));
  ELSE
    PERFORM queue_webhook('application.model', jsonb_build_object('applicationId', NEW.id,
      'receivedAt', NEW.created_at));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER job_applications_webhook AFTER INSERT ON "job_applications" FOR EACH ROW EXECUTE FUNCTION applications_webhook();
--> statement-breakpoint
CREATE TRIGGER model_applications_webhook AFTER INSERT ON "model_applications" FOR EACH ROW EXECUTE FUNCTION applications_webhook();
