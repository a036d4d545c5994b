-- Issue 20 §3 (ADR 0039): the platform blocklist, its revisions (taken under one advisory lock so
-- they commit in order) and the per-minute block counts the edges report.
CREATE SEQUENCE "public"."ip_blocks_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ip_block_hits" (
	"minute" timestamp with time zone NOT NULL,
	"range" text NOT NULL,
	"node_id" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "ip_block_hits_minute_range_node_id_pk" PRIMARY KEY("minute","range","node_id")
);
--> statement-breakpoint
CREATE TABLE "ip_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"range" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"site_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" text,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_block_hits" ADD CONSTRAINT "ip_block_hits_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_blocks" ADD CONSTRAINT "ip_blocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_blocks_revision_idx" ON "ip_blocks" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "ip_blocks_range_idx" ON "ip_blocks" USING btree ("range");--> statement-breakpoint
CREATE INDEX "ip_blocks_created_idx" ON "ip_blocks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
