-- Nimbus keeps short-lived in-process copies of hot rows (resolved sessions, a customer's
-- user info). Every change to those rows, by any Nimbus instance or by hand in psql, is
-- announced on one channel as '<table>:<id>' so each instance drops its copy at once.
CREATE FUNCTION nimbus_notify_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nimbus_row_changed', TG_TABLE_NAME || ':' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_notify_changed AFTER UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION nimbus_notify_row_changed();
--> statement-breakpoint
-- Sessions are touched once a minute while in use; only an end (revocation) matters here.
CREATE TRIGGER sessions_notify_revoked AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION nimbus_notify_row_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION nimbus_notify_row_changed();
