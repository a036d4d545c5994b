-- Issue 19 §5: the screens' default scope is all of a customer's sites; a month's chart summed
-- every site's hours (and the peak every site's minutes). Customer-level hourly counters and
-- status codes, summed by the rollup beside the per-site ones, filled here from the site ones.
CREATE TABLE "customer_traffic_codes" (
	"customer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "customer_traffic_codes_customer_id_at_status_pk" PRIMARY KEY("customer_id","at","status")
);
--> statement-breakpoint
CREATE TABLE "customer_traffic_hours" (
	"customer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"origin_bytes" bigint NOT NULL,
	"hits" bigint NOT NULL,
	"misses" bigint NOT NULL,
	"s2xx" bigint NOT NULL,
	"s3xx" bigint NOT NULL,
	"s4xx" bigint NOT NULL,
	"s5xx" bigint NOT NULL,
	"request_ms" bigint NOT NULL,
	CONSTRAINT "customer_traffic_hours_customer_id_at_pk" PRIMARY KEY("customer_id","at")
);
--> statement-breakpoint
ALTER TABLE "customer_traffic_codes" ADD CONSTRAINT "customer_traffic_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_traffic_hours" ADD CONSTRAINT "customer_traffic_hours_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "customer_traffic_hours"
SELECT s."customer_id", h."at", sum(h."requests"), sum(h."bytes_out"), sum(h."bytes_in"), sum(h."origin_bytes"),
  sum(h."hits"), sum(h."misses"), sum(h."s2xx"), sum(h."s3xx"), sum(h."s4xx"), sum(h."s5xx"), sum(h."request_ms")
FROM "traffic_hours" h JOIN "sites" s ON s."id" = h."site_id" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "customer_traffic_codes"
SELECT s."customer_id", c."at", c."status", sum(c."requests")
FROM "traffic_codes" c JOIN "sites" s ON s."id" = c."site_id" GROUP BY 1, 2, 3;
