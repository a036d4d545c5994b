-- Issue 20 §2 (ADR 0039): sites' WAF rules, the revision that last changed each site's rule set
-- (taken under one advisory lock so they commit in order), and the events the edges report.
CREATE SEQUENCE "public"."waf_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "site_waf_revisions" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_waf_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" text NOT NULL,
	"status" integer DEFAULT 403 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"preset" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waf_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"node_id" integer,
	"action" text NOT NULL,
	"client_ip" text NOT NULL,
	"request" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_waf_rules" ADD CONSTRAINT "site_waf_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_events" ADD CONSTRAINT "waf_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_events" ADD CONSTRAINT "waf_events_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_waf_revisions_revision_idx" ON "site_waf_revisions" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "site_waf_rules_site_idx" ON "site_waf_rules" USING btree ("site_id","priority");--> statement-breakpoint
CREATE INDEX "waf_events_site_idx" ON "waf_events" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "waf_events_at_idx" ON "waf_events" USING btree ("at");