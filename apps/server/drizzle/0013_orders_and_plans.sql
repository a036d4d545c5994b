CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"body" text NOT NULL,
	"product_id" integer,
	"plan_id" integer,
	"cycle" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"pay_method" smallint,
	"trade_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "orders_amount_not_negative" CHECK ("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"attrs" jsonb NOT NULL,
	"cycle" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"invalid" boolean DEFAULT false NOT NULL,
	"order_serial" text NOT NULL,
	"expiring_notice_at" timestamp with time zone,
	"expired_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_vas" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"attrs" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"invalid" boolean DEFAULT false NOT NULL,
	"order_serial" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realname_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"certificate_type" smallint NOT NULL,
	"certificate_id" text NOT NULL,
	"order_serial" text,
	"method" text DEFAULT 'manual' NOT NULL,
	"provider_ref" text,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pay_password_hash" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD CONSTRAINT "customer_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD CONSTRAINT "customer_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_vas" ADD CONSTRAINT "plan_vas_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_vas" ADD CONSTRAINT "plan_vas_plan_id_customer_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_vas" ADD CONSTRAINT "plan_vas_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_verifications" ADD CONSTRAINT "realname_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_verifications" ADD CONSTRAINT "realname_verifications_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_plans_customer_idx" ON "customer_plans" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_plans_ends_idx" ON "customer_plans" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "plan_vas_customer_idx" ON "plan_vas" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "plan_vas_plan_idx" ON "plan_vas" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "realname_verifications_customer_idx" ON "realname_verifications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "realname_verifications_state_idx" ON "realname_verifications" USING btree ("state","id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_plan_id_customer_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."customer_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_plan_idx" ON "sites" USING btree ("plan_id");