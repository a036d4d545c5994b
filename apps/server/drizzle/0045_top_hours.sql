-- Issue 19 §5: today's top lists were ranked from raw rows at every call (a busy customer's day is
-- hundreds of thousands of rows). Finished hours of the days not written yet get top lists of their
-- own (per site and per customer, trimmed like the days'), written by the top-lists job; hours
-- marked pending by the rollup are ranked from raw rows until written. The last two days' hours are
-- marked here so that they are written before they are read (a marked hour without traffic costs
-- one empty count).
CREATE TABLE "customer_top_hours" (
	"customer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "customer_top_hours_customer_id_dimension_at_key_pk" PRIMARY KEY("customer_id","dimension","at","key")
);
--> statement-breakpoint
CREATE TABLE "traffic_top_hours" (
	"site_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "traffic_top_hours_site_id_dimension_at_key_pk" PRIMARY KEY("site_id","dimension","at","key")
);
--> statement-breakpoint
CREATE TABLE "traffic_top_pending_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_top_hours" ADD CONSTRAINT "customer_top_hours_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_top_hours" ADD CONSTRAINT "traffic_top_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "traffic_top_pending_hours" ("hour")
SELECT generate_series(date_trunc('hour', now()) - interval '48 hours', date_trunc('hour', now()), interval '1 hour');
