-- Issue 19 §2 (ADR 0042): analytics in PostgreSQL. The rollups are drizzle's (analytics.schema.ts);
-- the raw request rows are partitioned by UTC day, which drizzle cannot describe: "access_logs" is
-- written here by hand, its partitions are made and dropped by analytics-partitions.ts.
CREATE TABLE "log_batches" (
	"node_id" integer NOT NULL,
	"batch" text NOT NULL,
	"lines" integer NOT NULL,
	"dropped" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_batches_node_id_batch_pk" PRIMARY KEY("node_id","batch")
);
--> statement-breakpoint
CREATE TABLE "node_traffic_minutes" (
	"node_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	CONSTRAINT "node_traffic_minutes_node_id_at_pk" PRIMARY KEY("node_id","at")
);
--> statement-breakpoint
CREATE TABLE "traffic_bandwidth" (
	"customer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"bytes_out" bigint NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "traffic_bandwidth_customer_id_at_pk" PRIMARY KEY("customer_id","at")
);
--> statement-breakpoint
CREATE TABLE "traffic_codes" (
	"site_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "traffic_codes_site_id_at_status_pk" PRIMARY KEY("site_id","at","status")
);
--> statement-breakpoint
CREATE TABLE "traffic_hours" (
	"site_id" integer NOT NULL,
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
	CONSTRAINT "traffic_hours_site_id_at_pk" PRIMARY KEY("site_id","at")
);
--> statement-breakpoint
CREATE TABLE "traffic_minutes" (
	"site_id" integer NOT NULL,
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
	CONSTRAINT "traffic_minutes_site_id_at_pk" PRIMARY KEY("site_id","at")
);
--> statement-breakpoint
CREATE TABLE "traffic_top_days" (
	"site_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "traffic_top_days_site_id_dimension_at_key_pk" PRIMARY KEY("site_id","dimension","at","key")
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
ALTER TABLE "log_batches" ADD CONSTRAINT "log_batches_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_traffic_minutes" ADD CONSTRAINT "node_traffic_minutes_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_bandwidth" ADD CONSTRAINT "traffic_bandwidth_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_codes" ADD CONSTRAINT "traffic_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_hours" ADD CONSTRAINT "traffic_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_minutes" ADD CONSTRAINT "traffic_minutes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_top_days" ADD CONSTRAINT "traffic_top_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_top_hours" ADD CONSTRAINT "traffic_top_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;

--> statement-breakpoint
CREATE TABLE "access_logs" (
	"at" timestamp with time zone NOT NULL,
	"site_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"client_ip" text NOT NULL,
	"region" text NOT NULL,
	"isp" text NOT NULL,
	"method" text NOT NULL,
	"host" text NOT NULL,
	"uri" text NOT NULL,
	"status" smallint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"origin_bytes" bigint NOT NULL,
	"request_ms" integer NOT NULL,
	"upstream_ms" integer,
	"cache" text NOT NULL,
	"referer" text NOT NULL,
	"user_agent" text NOT NULL,
	"scheme" text NOT NULL,
	"protocol" text NOT NULL,
	"tls" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "access_logs_site_at_idx" ON "access_logs" ("site_id", "at" DESC);
