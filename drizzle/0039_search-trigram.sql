-- The console's search by any part of a name, e-mail or mobile, through trigram indexes (decision 118).
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "quotes_name_search_idx" ON "quotes" USING gin (translate(normalize("name", NFC), '‘’‚‛′ʼʹ`´＇“”„‟″＂', '''''''''''''''''''''""""""') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_email_search_idx" ON "quotes" USING gin (translate(normalize("email", NFC), '‘’‚‛′ʼʹ`´＇“”„‟″＂', '''''''''''''''''''''""""""') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_mobile_search_idx" ON "quotes" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_notes_body_search_idx" ON "staff_notes" USING gin (translate(normalize("body", NFC), '‘’‚‛′ʼʹ`´＇“”„‟″＂', '''''''''''''''''''''""""""') gin_trgm_ops);