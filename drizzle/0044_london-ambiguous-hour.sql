-- A London wall-clock time in the hour the clocks go back names two instants. PostgreSQL's AT TIME ZONE takes
-- the later; the domain (fromLondonLocal in app/domain/salon-time.ts) takes the first, so a salon closing at
-- 01:00 that night counted one more open minute here than in the console. "london_instant" takes the first,
-- as the domain does; a time skipped when the clocks go forward is read an hour on by both.
CREATE FUNCTION "london_instant"(local timestamp) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN ((local AT TIME ZONE 'Europe/London') - interval '1 hour') AT TIME ZONE 'Europe/London' = local
      THEN (local AT TIME ZONE 'Europe/London') - interval '1 hour'
    ELSE local AT TIME ZONE 'Europe/London'
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "open_minutes_between"(hours jsonb, from_at timestamptz, to_at timestamptz) RETURNS integer
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
      opens := "london_instant"(d + (today ->> 'opens')::time);
      closes := "london_instant"(d + (today ->> 'closes')::time);
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
