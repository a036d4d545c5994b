CREATE TABLE "payment_trades" (
	"gateway" text NOT NULL,
	"trade_no" text NOT NULL,
	"order_serial" text NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"order_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_trades_pkey" PRIMARY KEY("gateway","trade_no")
);
--> statement-breakpoint
ALTER TABLE "payment_trades" ADD CONSTRAINT "payment_trades_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_trades_credited_idx" ON "payment_trades" USING btree ("created_at") WHERE "payment_trades"."outcome" = 'credited';--> statement-breakpoint
-- The trades that already paid orders, so a replay of one after this upgrade is a repeat too
-- (payment methods of contract PAYMENT_GATEWAYS).
INSERT INTO "payment_trades" ("gateway", "trade_no", "order_serial", "customer_id", "amount", "currency", "outcome", "order_state", "created_at")
SELECT CASE "pay_method" WHEN 2 THEN 'alipay' WHEN 3 THEN 'wechat' WHEN 4 THEN 'stripe' WHEN 8 THEN 'tokenpay' WHEN 9 THEN 'easypay' WHEN 10 THEN 'allinpay' END,
       "trade_no", "serial_number", "customer_id", "amount", "currency", 'paid', 'unpaid', coalesce("paid_at", "created_at")
  FROM "orders"
 WHERE "trade_no" IS NOT NULL AND "pay_method" IN (2, 3, 4, 8, 9, 10)
ON CONFLICT DO NOTHING;
