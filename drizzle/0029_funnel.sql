CREATE TABLE "funnel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"week" date NOT NULL,
	"step" text NOT NULL,
	"visitor" text,
	"quote_id" integer,
	"salon_id" integer DEFAULT 0 NOT NULL,
	"level_id" integer DEFAULT 0 NOT NULL,
	"stylist_id" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_rollup" (
	"week" date NOT NULL,
	"step" text NOT NULL,
	"salon_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"stylist_id" integer NOT NULL,
	"source" text NOT NULL,
	"n" integer NOT NULL,
	"pence" bigint NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_secrets" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "referrer_host" text;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_events_visitor_idx" ON "funnel_events" USING btree ("day","step","visitor") WHERE "funnel_events"."visitor" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_events_quote_idx" ON "funnel_events" USING btree ("quote_id","step") WHERE "funnel_events"."quote_id" is not null;--> statement-breakpoint
CREATE INDEX "funnel_events_at_idx" ON "funnel_events" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_rollup_key_idx" ON "funnel_rollup" USING btree ("week","step","salon_id","level_id","stylist_id","source") WHERE not "funnel_rollup"."delta";--> statement-breakpoint
CREATE INDEX "funnel_rollup_delta_idx" ON "funnel_rollup" USING btree ("week") WHERE "funnel_rollup"."delta";--> statement-breakpoint
-- custom: the funnel's figures kept on write (decision 076), as quote_rollup's are (decision 040).
-- A quote's source: its campaign's utm_source, else the site it came from, else "direct".
CREATE FUNCTION "funnel_source"(utm text, host text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(lower(utm), ''), nullif(host, ''), 'direct')
$$;
--> statement-breakpoint
-- custom: each quote adds "saved", and "opened" and "booked" while it is so, with its total, to the week it was saved.
CREATE FUNCTION "funnel_quote_rows"(q "quotes", sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "funnel_rollup" ("week", "step", "salon_id", "level_id", "stylist_id", "source", "n", "pence")
  SELECT date_trunc('week', q."created_at" AT TIME ZONE 'Europe/London')::date, s.step,
    coalesce(q."stylist_salon_id", q."salon_id"), q."level_id", coalesce(q."stylist_id", 0),
    "funnel_source"(q."utm_source", q."referrer_host"), sign, sign * q."total_pence"::bigint
  FROM (VALUES ('saved', true), ('opened', q."view_count" > 0), ('booked', q."status" = 'booked')) AS s(step, counted)
  WHERE s.counted
$$;
--> statement-breakpoint
-- custom:
CREATE FUNCTION "funnel_quote_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."created_at" = OLD."created_at" AND NEW."salon_id" = OLD."salon_id" AND NEW."level_id" = OLD."level_id"
    AND NEW."stylist_id" IS NOT DISTINCT FROM OLD."stylist_id"
    AND NEW."stylist_salon_id" IS NOT DISTINCT FROM OLD."stylist_salon_id"
    AND NEW."utm_source" IS NOT DISTINCT FROM OLD."utm_source"
    AND NEW."referrer_host" IS NOT DISTINCT FROM OLD."referrer_host"
    AND NEW."status" = OLD."status" AND (NEW."view_count" > 0) = (OLD."view_count" > 0)
    AND NEW."total_pence" = OLD."total_pence" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "funnel_quote_rows"(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "funnel_quote_rows"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- custom:
CREATE TRIGGER "funnel_quote_change" AFTER INSERT OR DELETE OR UPDATE ON "quotes"
  FOR EACH ROW EXECUTE FUNCTION "funnel_quote_change"();
--> statement-breakpoint
-- custom: each stored event adds one to its step; an event deleted takes it away again.
CREATE FUNCTION "funnel_event_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "funnel_rollup" ("week", "step", "salon_id", "level_id", "stylist_id", "source", "n", "pence")
    VALUES (OLD."week", OLD."step", OLD."salon_id", OLD."level_id", OLD."stylist_id", OLD."source", -1, 0);
  ELSE
    INSERT INTO "funnel_rollup" ("week", "step", "salon_id", "level_id", "stylist_id", "source", "n", "pence")
    VALUES (NEW."week", NEW."step", NEW."salon_id", NEW."level_id", NEW."stylist_id", NEW."source", 1, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- custom:
CREATE TRIGGER "funnel_event_change" AFTER INSERT OR DELETE ON "funnel_events"
  FOR EACH ROW EXECUTE FUNCTION "funnel_event_change"();
--> statement-breakpoint
-- custom: the quotes already saved count from the start.
INSERT INTO "funnel_rollup" ("week", "step", "salon_id", "level_id", "stylist_id", "source", "n", "pence", "delta")
SELECT week, step, salon, level, stylist, source, count(*), sum(total), false FROM (
  SELECT date_trunc('week', q."created_at" AT TIME ZONE 'Europe/London')::date AS week, s.step,
    coalesce(q."stylist_salon_id", q."salon_id") AS salon, q."level_id" AS level, coalesce(q."stylist_id", 0) AS stylist,
    "funnel_source"(q."utm_source", q."referrer_host") AS source, q."total_pence"::bigint AS total
  FROM "quotes" q,
    LATERAL (VALUES ('saved', true), ('opened', q."view_count" > 0), ('booked', q."status" = 'booked')) AS s(step, counted)
  WHERE s.counted
) AS rows GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- custom: emptying the quotes or the events (a backup being restored) empties the figures kept from them.
CREATE FUNCTION "funnel_rollup_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "funnel_rollup";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- custom:
CREATE TRIGGER "funnel_rollup_truncate" AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "funnel_rollup_truncate"();
--> statement-breakpoint
-- custom:
CREATE TRIGGER "funnel_rollup_truncate" AFTER TRUNCATE ON "funnel_events" FOR EACH STATEMENT EXECUTE FUNCTION "funnel_rollup_truncate"();
