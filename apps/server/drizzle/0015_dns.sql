CREATE TABLE "httpdns_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"port_http" integer,
	"port_https" integer,
	"cert_crt" text DEFAULT '' NOT NULL,
	"cert_key_sealed" text,
	"domain" text DEFAULT '' NOT NULL,
	"sign_status" integer DEFAULT 0 NOT NULL,
	"apps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "httpdns_config_single_row" CHECK ("httpdns_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"host" text NOT NULL,
	"type" text NOT NULL,
	"line" text DEFAULT 'default' NOT NULL,
	"value" text NOT NULL,
	"ttl" integer NOT NULL,
	"priority" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"dnssec" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_recursive_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" smallint NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"entry" text NOT NULL,
	"family" smallint,
	"source_ip_s" numeric(39, 0),
	"source_ip_e" numeric(39, 0),
	"servers" text[],
	"recursion_desired" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dns_recursive_rules_entry_unique" UNIQUE("mode","entry")
);
--> statement-breakpoint
CREATE TABLE "dns_recursive_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"recursive_enable" smallint DEFAULT 0 NOT NULL,
	"forward_enable" smallint DEFAULT 0 NOT NULL,
	"root_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dns_recursive_status_one_row" CHECK ("dns_recursive_status"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "node_monitor_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer,
	"node_name" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"fail_percent" integer DEFAULT 0 NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_monitor_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"rotation_slot" bigint DEFAULT -1 NOT NULL,
	"rotation_pick" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_check_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_monitor_states" (
	"node_id" integer PRIMARY KEY NOT NULL,
	"healthy" boolean DEFAULT true NOT NULL,
	"up_streak" integer DEFAULT 0 NOT NULL,
	"down_streak" integer DEFAULT 0 NOT NULL,
	"fail_percent" integer DEFAULT 0 NOT NULL,
	"planned_in_dns" boolean DEFAULT true NOT NULL,
	"in_dns" boolean DEFAULT true NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"override" text,
	"override_until" timestamp with time zone,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "node_probe_views" (
	"node_id" integer NOT NULL,
	"probe" text NOT NULL,
	"ports" jsonb NOT NULL,
	"failed_ports" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_probe_views_node_id_probe_pk" PRIMARY KEY("node_id","probe")
);
--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_zone_id_dns_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."dns_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_monitor_events" ADD CONSTRAINT "node_monitor_events_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_monitor_states" ADD CONSTRAINT "node_monitor_states_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_probe_views" ADD CONSTRAINT "node_probe_views_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_records_zone_idx" ON "dns_records" USING btree ("zone_id","id");--> statement-breakpoint
CREATE INDEX "dns_records_host_idx" ON "dns_records" USING btree ("zone_id","host" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "dns_records_value_idx" ON "dns_records" USING btree ("zone_id","value" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "dns_zones_name_key" ON "dns_zones" USING btree ("name");--> statement-breakpoint
CREATE INDEX "dns_zones_customer_idx" ON "dns_zones" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "dns_recursive_rules_mode_idx" ON "dns_recursive_rules" USING btree ("mode","id");--> statement-breakpoint
CREATE INDEX "node_monitor_events_node_idx" ON "node_monitor_events" USING btree ("node_id","id");--> statement-breakpoint
-- Every console process runs the HTTPDNS listeners: a save in one announces the table (0007's
-- function) so the others restart theirs with the new ports and certificate.
CREATE TRIGGER httpdns_config_notify_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON httpdns_config
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_table_written();
--> statement-breakpoint
-- The CDN's CNAME zone (issue 9 §3) follows the sites' CNAME labels and node groups, the nodes'
-- addresses, groups, lines and switches, and the web config's CNAME domain. A statement that
-- changes any of them, whoever runs it, announces 'cname_zone:0' on the row-change channel of
-- 0002; each Nimbus process hearing it asks for one coalesced sync job.
CREATE FUNCTION nimbus_notify_cname_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nimbus_row_changed', 'cname_zone:0');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_cname_zone AFTER INSERT OR DELETE OR UPDATE OF cname_label, node_group_id ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_cname_zone();
--> statement-breakpoint
CREATE TRIGGER edge_nodes_cname_zone AFTER INSERT OR DELETE OR UPDATE OF ipv4, ipv6, group_id, line, enabled ON edge_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_cname_zone();
--> statement-breakpoint
CREATE TRIGGER sys_config_cname_zone AFTER INSERT OR UPDATE OR DELETE ON sys_config
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_cname_zone();
--> statement-breakpoint
-- A zone's record list keeps each filter's total in process (ADR 0013), forgotten on any write
-- to the records, whoever makes it (a zone deleted with its records, psql).
CREATE TRIGGER dns_records_notify_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dns_records
  FOR EACH STATEMENT EXECUTE FUNCTION nimbus_notify_table_written();
