CREATE TRIGGER scheduled_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "scheduled_prices" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
