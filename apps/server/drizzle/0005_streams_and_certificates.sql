CREATE TABLE "stream_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"protocol" text NOT NULL,
	"listen_port" integer NOT NULL,
	"balance" text NOT NULL,
	"origins" jsonb NOT NULL,
	"connect_timeout_seconds" integer DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"node_group_id" integer NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_rules_group_port_unique" UNIQUE("node_group_id","listen_port")
);
--> statement-breakpoint
CREATE TABLE "acme_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"directory_url" text NOT NULL,
	"key_sealed" text NOT NULL,
	"account_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acme_accounts_directory_unique" UNIQUE("directory_url")
);
--> statement-breakpoint
CREATE TABLE "acme_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"token" text NOT NULL,
	"key_authorization" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"not_before" timestamp with time zone,
	"not_after" timestamp with time zone,
	"cert_pem" text DEFAULT '' NOT NULL,
	"key_sealed" text DEFAULT '' NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"notices_sent" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_rules" ADD CONSTRAINT "stream_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_rules" ADD CONSTRAINT "stream_rules_node_group_id_edge_groups_id_fk" FOREIGN KEY ("node_group_id") REFERENCES "public"."edge_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acme_challenges" ADD CONSTRAINT "acme_challenges_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acme_challenges" ADD CONSTRAINT "acme_challenges_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_rules_customer_idx" ON "stream_rules" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "acme_challenges_site_idx" ON "acme_challenges" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "certificates_customer_idx" ON "certificates" USING btree ("customer_id","id");--> statement-breakpoint
-- A certificate in use by a site cannot be deleted (the service says which; the key keeps it true under races).
ALTER TABLE "sites" ADD CONSTRAINT "sites_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE restrict ON UPDATE no action;
