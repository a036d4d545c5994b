-- Issue 19 §5: a finished day's top keys of each customer over all their sites, written beside
-- the per-site ones: a week's list of every site was hundreds of thousands of rows to sum.
-- Days written before this get theirs from the site rows (each site's top keys summed).
CREATE TABLE "customer_top_days" (
	"customer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "customer_top_days_customer_id_dimension_at_key_pk" PRIMARY KEY("customer_id","dimension","at","key")
);
--> statement-breakpoint
ALTER TABLE "customer_top_days" ADD CONSTRAINT "customer_top_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "customer_top_days"
SELECT s."customer_id", t."at", t."dimension", t."key", sum(t."requests"), sum(t."bytes")
FROM "traffic_top_days" t JOIN "sites" s ON s."id" = t."site_id" GROUP BY 1, 2, 3, 4;
