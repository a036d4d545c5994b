CREATE TABLE "balance_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_serial" text,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_ledger_customer_idx" ON "balance_ledger" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "balance_ledger_created_idx" ON "balance_ledger" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_balance_not_negative" CHECK ("customers"."property_balance" >= 0);--> statement-breakpoint
-- A balance from before the ledger gets one opening row, so every balance equals its ledger's sum.
INSERT INTO "balance_ledger" ("customer_id", "amount", "balance_after", "reason", "note")
SELECT "id", "property_balance", "property_balance", 'manual_credit', 'opening balance'
FROM "customers" WHERE "property_balance" <> 0;
