-- Quotes saved by the batched statement before it stored skin_test and consultation_requested lost both,
-- though the client had answered: the e-mail and text about each quote still carry the answer in their
-- payload. Each such quote takes it back from its messages while they are kept (sent ones for 30 days);
-- an erased quote or message is left as it is.
UPDATE "quotes" AS q
SET "skin_test" = m.payload->>'skinTest',
  "consultation_requested" = coalesce((m.payload->>'consultation')::boolean, false)
FROM (
  SELECT DISTINCT ON (payload->>'link') payload
  FROM "outbox"
  WHERE template IN ('quote-email', 'quote-sms') AND payload->>'skinTest' IN ('yes', 'no', 'not-sure')
  ORDER BY payload->>'link', id
) AS m
WHERE m.payload->>'link' = q.link AND q.skin_test IS NULL AND q.anonymised_at IS NULL;
