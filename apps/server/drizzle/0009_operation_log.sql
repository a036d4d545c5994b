ALTER TABLE "audit_log" ADD COLUMN "customer_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","id");--> statement-breakpoint
-- Rows written before the column: a customer's own events, and admins' changes to one customer.
UPDATE "audit_log" SET "customer_id" = "actor_id" WHERE "actor_kind" = 'customer';--> statement-breakpoint
UPDATE "audit_log" SET "customer_id" = substring("target" from '^customer:(\d+)$')::integer
  WHERE "customer_id" IS NULL AND "target" ~ '^customer:\d+$';
