-- Issue 19 §4: monthly settlement (ADR 0044). A CDN plan product's usage price (cents per Mbps for
-- billing modes 2 and 3, per GB of overage for mode 1), and one row per plan and settled month:
-- the unique (plan, month), and (customer, month) for the overage, make a settlement happen once
-- across console processes and retries.
CREATE TABLE "plan_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"figure" double precision NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount" bigint NOT NULL,
	"order_serial" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usage_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_settlements" ADD CONSTRAINT "plan_settlements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_settlements" ADD CONSTRAINT "plan_settlements_plan_id_customer_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_settlements_plan_month_idx" ON "plan_settlements" USING btree ("plan_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_settlements_overage_idx" ON "plan_settlements" USING btree ("customer_id","month") WHERE "plan_settlements"."kind" = 'overage';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_settlements_order_idx" ON "plan_settlements" USING btree ("order_serial");--> statement-breakpoint
CREATE INDEX "plan_settlements_customer_idx" ON "plan_settlements" USING btree ("customer_id","month");