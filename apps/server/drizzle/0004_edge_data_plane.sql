CREATE TABLE "edge_apply_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"version" integer NOT NULL,
	"state" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edge_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"version" integer NOT NULL,
	"revision" bigint NOT NULL,
	"hash" text NOT NULL,
	"files" jsonb NOT NULL,
	"key_files" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edge_bundles_node_version_unique" UNIQUE("node_id","version")
);
--> statement-breakpoint
CREATE TABLE "edge_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edge_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "edge_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ipv4" text NOT NULL,
	"ipv6" text DEFAULT '' NOT NULL,
	"listen_address" text DEFAULT '' NOT NULL,
	"group_id" integer NOT NULL,
	"line" text DEFAULT 'main' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"token_hash" text NOT NULL,
	"applied_version" integer DEFAULT 0 NOT NULL,
	"applied_revision" bigint DEFAULT 0 NOT NULL,
	"failed_version" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"nginx_version" text DEFAULT '' NOT NULL,
	"agent_version" text DEFAULT '' NOT NULL,
	"active_connections" integer DEFAULT 0 NOT NULL,
	"uptime_seconds" integer DEFAULT 0 NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edge_nodes_name_unique" UNIQUE("name"),
	CONSTRAINT "edge_nodes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "site_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_groups_customer_name_unique" UNIQUE("customer_id","name")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"domain" text NOT NULL,
	"cname_label" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"site_group_id" integer,
	"node_group_id" integer NOT NULL,
	"origin_protocol" text NOT NULL,
	"balance" text NOT NULL,
	"origins" jsonb NOT NULL,
	"http_ports" integer[] DEFAULT '{80}'::integer[] NOT NULL,
	"https_ports" integer[] DEFAULT '{443}'::integer[] NOT NULL,
	"https_enabled" boolean DEFAULT false NOT NULL,
	"certificate_id" integer,
	"force_https" boolean DEFAULT false NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_unique" UNIQUE("domain"),
	CONSTRAINT "sites_cname_label_unique" UNIQUE("cname_label")
);
--> statement-breakpoint
CREATE TABLE "purge_task_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"work" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purge_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"entries" jsonb NOT NULL,
	"ignored" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "edge_apply_history" ADD CONSTRAINT "edge_apply_history_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edge_bundles" ADD CONSTRAINT "edge_bundles_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edge_nodes" ADD CONSTRAINT "edge_nodes_group_id_edge_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."edge_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_groups" ADD CONSTRAINT "site_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_site_group_id_site_groups_id_fk" FOREIGN KEY ("site_group_id") REFERENCES "public"."site_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_node_group_id_edge_groups_id_fk" FOREIGN KEY ("node_group_id") REFERENCES "public"."edge_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purge_task_nodes" ADD CONSTRAINT "purge_task_nodes_task_id_purge_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."purge_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purge_task_nodes" ADD CONSTRAINT "purge_task_nodes_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purge_tasks" ADD CONSTRAINT "purge_tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edge_apply_history_node_idx" ON "edge_apply_history" USING btree ("node_id","id");--> statement-breakpoint
CREATE INDEX "edge_nodes_group_idx" ON "edge_nodes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "sites_customer_idx" ON "sites" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "sites_node_group_idx" ON "sites" USING btree ("node_group_id");--> statement-breakpoint
CREATE INDEX "purge_task_nodes_node_state_idx" ON "purge_task_nodes" USING btree ("node_id","state");--> statement-breakpoint
CREATE INDEX "purge_task_nodes_task_idx" ON "purge_task_nodes" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "purge_tasks_customer_idx" ON "purge_tasks" USING btree ("customer_id","id");