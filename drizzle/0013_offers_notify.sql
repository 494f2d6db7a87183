-- Offers are content: every process drops its caches when one changes.
CREATE TRIGGER offers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
