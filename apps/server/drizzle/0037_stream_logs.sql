-- Issue 19 §1–§3, layer 4: one row per forwarding-rule session the edges ship. The batch ids are
-- drizzle's (analytics.schema.ts); the raw rows are partitioned by UTC day like access_logs, which
-- drizzle cannot describe: "stream_logs" is written here by hand, its partitions are made and
-- dropped by pg/partitions.ts. No rollups: sessions are few beside requests, so the screens
-- query these rows bounded by their range.
CREATE TABLE "stream_log_batches" (
	"node_id" integer NOT NULL,
	"batch" text NOT NULL,
	"lines" integer NOT NULL,
	"dropped" integer NOT NULL,
	"skipped" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_log_batches_node_id_batch_pk" PRIMARY KEY("node_id","batch")
);
--> statement-breakpoint
ALTER TABLE "stream_log_batches" ADD CONSTRAINT "stream_log_batches_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;

--> statement-breakpoint
CREATE TABLE "stream_logs" (
	"at" timestamp with time zone NOT NULL,
	"rule_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"client_ip" text NOT NULL,
	"client_port" integer NOT NULL,
	"protocol" text NOT NULL,
	"status" smallint NOT NULL,
	"session_ms" integer NOT NULL,
	"bytes_in" bigint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"upstream_bytes_in" bigint NOT NULL,
	"upstream_bytes_out" bigint NOT NULL,
	"upstream" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "stream_logs_customer_at_idx" ON "stream_logs" ("customer_id", "at" DESC);
--> statement-breakpoint
CREATE INDEX "stream_logs_rule_at_idx" ON "stream_logs" ("rule_id", "at" DESC);
