-- Two more tables are read on hot paths and kept in process (ADR 0008): the system config (the
-- site list shows each CNAME under the web config's cnameDomain) and the number of a
-- customer's sites matching a list filter. Their caches hold values derived from many rows, so
-- a statement that writes any row announces the whole table once ('<table>:0') on the
-- row-change channel of 0002, whoever runs it (any Nimbus instance, psql, a cascade).
CREATE FUNCTION nimbus_notify_table_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nimbus_row_changed', TG_TABLE_NAME || ':0');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sys_config_notify_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_config
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_table_written();
--> statement-breakpoint
CREATE TRIGGER sites_notify_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_table_written();
