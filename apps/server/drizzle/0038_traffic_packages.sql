-- Issue 22 §4 (order type 30): traffic packages bought ahead, and the ledger of which bytes of
-- each 5-minute traffic sample were drawn from which package (or from the plans' quota).
CREATE TABLE "traffic_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"package_id" integer,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_serial" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_draws" ADD CONSTRAINT "traffic_draws_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_draws" ADD CONSTRAINT "traffic_draws_package_id_traffic_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."traffic_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_draws_customer_at_idx" ON "traffic_draws" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "traffic_draws_package_idx" ON "traffic_draws" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "traffic_packages_customer_idx" ON "traffic_packages" USING btree ("customer_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_packages_order_idx" ON "traffic_packages" USING btree ("order_serial");