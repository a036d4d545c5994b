DROP INDEX "orders_customer_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_state_idx" ON "orders" USING btree ("customer_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
-- The order list keeps each filter's total in process (ADR 0013), forgotten on any write to
-- orders: a statement that writes orders announces the whole table on the row-change channel,
-- whoever runs it (a payment notification, a plan purchase, the timeout job, psql).
CREATE TRIGGER orders_notify_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_table_written();
