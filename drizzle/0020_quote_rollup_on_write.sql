-- The quote figures of the dashboard and the console home, kept on write (see quote_rollup in the schema).
-- Each change adds a row of differences: concurrent saves insert, never wait on a shared counter row.
CREATE FUNCTION "quote_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."created_at" = OLD."created_at" AND NEW."salon_id" = OLD."salon_id" AND NEW."referral" = OLD."referral"
    AND NEW."status" = OLD."status" AND NEW."view_count" = OLD."view_count" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "quote_rollup" ("week", "salon_id", "referral", "status", "quotes", "opened", "views")
    VALUES (date_trunc('week', OLD."created_at" AT TIME ZONE 'Europe/London')::date, OLD."salon_id", OLD."referral",
      OLD."status", -1, -(OLD."view_count" > 0)::int, -OLD."view_count");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "quote_rollup" ("week", "salon_id", "referral", "status", "quotes", "opened", "views")
    VALUES (date_trunc('week', NEW."created_at" AT TIME ZONE 'Europe/London')::date, NEW."salon_id", NEW."referral",
      NEW."status", 1, (NEW."view_count" > 0)::int, NEW."view_count");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_rollup_change" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "salon_id", "referral", "status", "view_count"
  ON "quotes" FOR EACH ROW EXECUTE FUNCTION "quote_rollup_change"();
--> statement-breakpoint
CREATE FUNCTION "quote_rollup_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "quote_rollup";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_rollup_truncate" AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "quote_rollup_truncate"();
--> statement-breakpoint
INSERT INTO "quote_rollup" ("week", "salon_id", "referral", "status", "quotes", "opened", "views", "delta")
SELECT date_trunc('week', "created_at" AT TIME ZONE 'Europe/London')::date, "salon_id", "referral", "status",
  count(*), count(*) FILTER (WHERE "view_count" > 0), coalesce(sum("view_count"), 0), false
FROM "quotes" GROUP BY 1, 2, 3, 4;
