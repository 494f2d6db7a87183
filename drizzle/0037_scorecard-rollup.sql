CREATE TABLE "scorecard_leads" (
	"quote_id" integer PRIMARY KEY NOT NULL,
	"week" date NOT NULL,
	"salon_id" integer NOT NULL,
	"stylist_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"quoted_pence" integer NOT NULL,
	"first_reply_at" timestamp with time zone,
	"reply_minutes" integer,
	"booked" boolean NOT NULL,
	"charged_pence" integer
);
--> statement-breakpoint
CREATE TABLE "scorecard_rollup" (
	"week" date NOT NULL,
	"salon_id" integer NOT NULL,
	"stylist_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"reply_minutes" integer NOT NULL,
	"leads" integer NOT NULL,
	"quoted_pence" bigint NOT NULL,
	"booked" integer NOT NULL,
	"booked_pence" bigint NOT NULL,
	"charged_leads" integer NOT NULL,
	"charged_pence" bigint NOT NULL,
	"charged_within" integer NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scorecard_leads_salon_idx" ON "scorecard_leads" USING btree ("salon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorecard_rollup_key_idx" ON "scorecard_rollup" USING btree ("week","salon_id","stylist_id","level_id","reply_minutes") WHERE not "scorecard_rollup"."delta";--> statement-breakpoint
CREATE INDEX "scorecard_rollup_delta_idx" ON "scorecard_rollup" USING btree ("week") WHERE "scorecard_rollup"."delta";--> statement-breakpoint
-- Opening minutes of a salon's week of hours (Monday first, London time) between two instants, as
-- openMinutesBetween in app/domain/lead-age.ts counts them (a property test holds the two equal): a salon
-- with no hours counts plain minutes; instants are taken to the millisecond, as JavaScript's are.
CREATE FUNCTION "open_minutes_between"(hours jsonb, from_at timestamptz, to_at timestamptz) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  f timestamptz := date_trunc('milliseconds', from_at);
  t timestamptz := date_trunc('milliseconds', to_at);
  d date := (date_trunc('milliseconds', from_at) AT TIME ZONE 'Europe/London')::date;
  last date := (date_trunc('milliseconds', to_at) AT TIME ZONE 'Europe/London')::date;
  clock constant text := '^([01][0-9]|2[0-3]):[0-5][0-9]$';
  today jsonb;
  opens timestamptz;
  closes timestamptz;
  total interval := interval '0';
BEGIN
  IF t <= f THEN
    RETURN 0;
  END IF;
  IF hours IS NULL OR jsonb_typeof(hours) <> 'array'
    OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(hours) AS day WHERE jsonb_typeof(day) = 'object') THEN
    RETURN floor(extract(epoch FROM t - f) / 60)::integer;
  END IF;
  -- Bounded like the domain's: a reply weeks late is long past any target.
  FOR i IN 0..59 LOOP
    today := hours -> (extract(isodow FROM d)::integer - 1);
    IF jsonb_typeof(today) = 'object' AND today ->> 'opens' ~ clock AND today ->> 'closes' ~ clock THEN
      opens := (d + (today ->> 'opens')::time) AT TIME ZONE 'Europe/London';
      closes := (d + (today ->> 'closes')::time) AT TIME ZONE 'Europe/London';
      IF least(closes, t) > greatest(opens, f) THEN
        total := total + (least(closes, t) - greatest(opens, f));
      END IF;
    END IF;
    EXIT WHEN d = last;
    d := d + 1;
  END LOOP;
  RETURN floor(extract(epoch FROM total) / 60)::integer;
END
$$;
--> statement-breakpoint
-- One quote's scorecard row recomputed from its rows (decision 110): its stored salon, stylist and level; its
-- first reply (the earliest history line a person wrote about it that is a reply or a status change: a booking
-- match's own line names no one); booked when an applied or confirmed match's appointment is not cancelled,
-- charged those appointments' values added up. A quote that is gone loses its row.
CREATE FUNCTION "scorecard_lead_refresh"(lead integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q record;
  reply timestamptz;
  is_booked boolean;
  charged integer;
BEGIN
  SELECT "id", "created_at", "salon_id", coalesce("stylist_id", 0) AS "stylist_id", "level_id", "total_pence"
    INTO q FROM "quotes" WHERE "id" = lead;
  IF NOT FOUND THEN
    DELETE FROM "scorecard_leads" WHERE "quote_id" = lead;
    RETURN;
  END IF;
  SELECT min(n."created_at") INTO reply FROM "staff_notes" n
  WHERE n."subject_type" = 'quote' AND n."subject_id" = lead AND n."staff_id" IS NOT NULL
    AND n."kind" IN ('reply', 'status');
  SELECT count(*) > 0, sum(a."value_pence") INTO is_booked, charged
  FROM "booking_matches" bm JOIN "appointments" a ON a."id" = bm."appointment_id"
  WHERE bm."quote_id" = lead AND bm."state" IN ('applied', 'confirmed') AND NOT a."cancelled";
  INSERT INTO "scorecard_leads" AS l ("quote_id", "week", "salon_id", "stylist_id", "level_id", "quoted_pence",
    "first_reply_at", "reply_minutes", "booked", "charged_pence")
  VALUES (lead, date_trunc('week', q."created_at" AT TIME ZONE 'Europe/London')::date, q."salon_id", q."stylist_id",
    q."level_id", q."total_pence", reply,
    CASE WHEN reply IS NULL THEN NULL ELSE
      "open_minutes_between"((SELECT s."opening_hours" FROM "salons" s WHERE s."id" = q."salon_id"), q."created_at", reply)
    END,
    is_booked, charged)
  ON CONFLICT ("quote_id") DO UPDATE SET "week" = excluded."week", "salon_id" = excluded."salon_id",
    "stylist_id" = excluded."stylist_id", "level_id" = excluded."level_id", "quoted_pence" = excluded."quoted_pence",
    "first_reply_at" = excluded."first_reply_at", "reply_minutes" = excluded."reply_minutes",
    "booked" = excluded."booked", "charged_pence" = excluded."charged_pence"
  WHERE (l."week", l."salon_id", l."stylist_id", l."level_id", l."quoted_pence", l."first_reply_at",
      l."reply_minutes", l."booked", l."charged_pence")
    IS DISTINCT FROM (excluded."week", excluded."salon_id", excluded."stylist_id", excluded."level_id",
      excluded."quoted_pence", excluded."first_reply_at", excluded."reply_minutes", excluded."booked",
      excluded."charged_pence");
END
$$;
--> statement-breakpoint
-- The sums of scorecard_leads as rows of differences, like quote_rollup's (concurrent writes insert, never wait
-- on a shared counter row), keyed by the reply minute too (-1: not replied) so medians can be read exactly.
-- Charged "as quoted" within ±10%: |charged − quoted| × 10 ≤ quoted, in whole pence.
CREATE FUNCTION "scorecard_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."week", OLD."salon_id", OLD."stylist_id", OLD."level_id", OLD."reply_minutes",
      OLD."quoted_pence", OLD."booked", OLD."charged_pence")
    IS NOT DISTINCT FROM (NEW."week", NEW."salon_id", NEW."stylist_id", NEW."level_id", NEW."reply_minutes",
      NEW."quoted_pence", NEW."booked", NEW."charged_pence") THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "scorecard_rollup" ("week", "salon_id", "stylist_id", "level_id", "reply_minutes", "leads",
      "quoted_pence", "booked", "booked_pence", "charged_leads", "charged_pence", "charged_within")
    VALUES (OLD."week", OLD."salon_id", OLD."stylist_id", OLD."level_id", coalesce(OLD."reply_minutes", -1), -1,
      -OLD."quoted_pence", -OLD."booked"::int, -(CASE WHEN OLD."booked" THEN OLD."quoted_pence" ELSE 0 END),
      -(OLD."charged_pence" IS NOT NULL)::int, -coalesce(OLD."charged_pence", 0),
      -(OLD."charged_pence" IS NOT NULL AND abs(OLD."charged_pence" - OLD."quoted_pence")::bigint * 10 <= OLD."quoted_pence")::int);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "scorecard_rollup" ("week", "salon_id", "stylist_id", "level_id", "reply_minutes", "leads",
      "quoted_pence", "booked", "booked_pence", "charged_leads", "charged_pence", "charged_within")
    VALUES (NEW."week", NEW."salon_id", NEW."stylist_id", NEW."level_id", coalesce(NEW."reply_minutes", -1), 1,
      NEW."quoted_pence", NEW."booked"::int, CASE WHEN NEW."booked" THEN NEW."quoted_pence" ELSE 0 END,
      (NEW."charged_pence" IS NOT NULL)::int, coalesce(NEW."charged_pence", 0),
      (NEW."charged_pence" IS NOT NULL AND abs(NEW."charged_pence" - NEW."quoted_pence")::bigint * 10 <= NEW."quoted_pence")::int);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_rollup_change" AFTER INSERT OR DELETE OR UPDATE ON "scorecard_leads"
  FOR EACH ROW EXECUTE FUNCTION "scorecard_rollup_change"();
--> statement-breakpoint
-- The writes that change a lead's row, each in its own transaction.
CREATE FUNCTION "scorecard_quote_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "scorecard_leads" WHERE "quote_id" = OLD."id";
  ELSE
    PERFORM "scorecard_lead_refresh"(NEW."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_quote_change"
  AFTER INSERT OR DELETE OR UPDATE OF "created_at", "salon_id", "stylist_id", "level_id", "total_pence" ON "quotes"
  FOR EACH ROW EXECUTE FUNCTION "scorecard_quote_change"();
--> statement-breakpoint
CREATE FUNCTION "scorecard_note_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."subject_type" = 'quote' AND OLD."staff_id" IS NOT NULL
    AND OLD."kind" IN ('reply', 'status') THEN
    PERFORM "scorecard_lead_refresh"(OLD."subject_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."subject_type" = 'quote' AND NEW."staff_id" IS NOT NULL
    AND NEW."kind" IN ('reply', 'status') THEN
    PERFORM "scorecard_lead_refresh"(NEW."subject_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_note_change"
  AFTER INSERT OR DELETE OR UPDATE OF "subject_type", "subject_id", "staff_id", "kind", "created_at" ON "staff_notes"
  FOR EACH ROW EXECUTE FUNCTION "scorecard_note_change"();
--> statement-breakpoint
CREATE FUNCTION "scorecard_match_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scorecard_lead_refresh"(OLD."quote_id");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."quote_id" <> OLD."quote_id") THEN
    PERFORM "scorecard_lead_refresh"(NEW."quote_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_match_change"
  AFTER INSERT OR DELETE OR UPDATE OF "appointment_id", "quote_id", "state" ON "booking_matches"
  FOR EACH ROW EXECUTE FUNCTION "scorecard_match_change"();
--> statement-breakpoint
-- An appointment deleted takes its matches with it (their own trigger); a changed value or a cancellation
-- changes the leads matched to it, found through booking_matches_pair_idx.
CREATE FUNCTION "scorecard_appointment_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_lead_refresh"(bm."quote_id") FROM "booking_matches" bm WHERE bm."appointment_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_appointment_change" AFTER UPDATE OF "value_pence", "cancelled" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "scorecard_appointment_change"();
--> statement-breakpoint
-- New opening hours recount the salon's reply times (a rare save that touches that salon's replied leads,
-- through scorecard_leads_salon_idx).
CREATE FUNCTION "scorecard_salon_hours_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "scorecard_leads" l
  SET "reply_minutes" = "open_minutes_between"(NEW."opening_hours", q."created_at", l."first_reply_at")
  FROM "quotes" q
  WHERE l."salon_id" = NEW."id" AND l."first_reply_at" IS NOT NULL AND q."id" = l."quote_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_salon_hours_change" AFTER UPDATE OF "opening_hours" ON "salons"
  FOR EACH ROW WHEN (OLD."opening_hours" IS DISTINCT FROM NEW."opening_hours")
  EXECUTE FUNCTION "scorecard_salon_hours_change"();
--> statement-breakpoint
CREATE FUNCTION "scorecard_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "scorecard_leads", "scorecard_rollup";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scorecard_truncate" AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_truncate"();
--> statement-breakpoint
-- The rows there are: every quote's row, then their sums as kept rows.
ALTER TABLE "scorecard_leads" DISABLE TRIGGER "scorecard_rollup_change";
--> statement-breakpoint
SELECT "scorecard_lead_refresh"("id") FROM "quotes";
--> statement-breakpoint
ALTER TABLE "scorecard_leads" ENABLE TRIGGER "scorecard_rollup_change";
--> statement-breakpoint
INSERT INTO "scorecard_rollup" ("week", "salon_id", "stylist_id", "level_id", "reply_minutes", "leads",
  "quoted_pence", "booked", "booked_pence", "charged_leads", "charged_pence", "charged_within", "delta")
SELECT "week", "salon_id", "stylist_id", "level_id", coalesce("reply_minutes", -1), count(*), sum("quoted_pence"),
  count(*) FILTER (WHERE "booked"), coalesce(sum("quoted_pence") FILTER (WHERE "booked"), 0), count("charged_pence"),
  coalesce(sum("charged_pence"), 0),
  count(*) FILTER (WHERE abs("charged_pence" - "quoted_pence")::bigint * 10 <= "quoted_pence"), false
FROM "scorecard_leads" GROUP BY 1, 2, 3, 4, 5;
