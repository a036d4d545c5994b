-- Issue 18 §2: URL forwarding rules (ordered per site) and forced redirects (one per site).
CREATE TABLE "site_rewrites" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"position" integer NOT NULL,
	"match" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"status" integer NOT NULL,
	"keep_query" boolean NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_rewrites" ADD CONSTRAINT "site_rewrites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "site_rewrites" ADD CONSTRAINT "site_rewrites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "site_rewrites_site_idx" ON "site_rewrites" USING btree ("site_id","position");
--> statement-breakpoint
CREATE INDEX "site_rewrites_customer_idx" ON "site_rewrites" USING btree ("customer_id","id");
--> statement-breakpoint
CREATE TABLE "site_force_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_host" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_force_redirects_site_unique" UNIQUE("site_id")
);
--> statement-breakpoint
ALTER TABLE "site_force_redirects" ADD CONSTRAINT "site_force_redirects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "site_force_redirects" ADD CONSTRAINT "site_force_redirects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "site_force_redirects_customer_idx" ON "site_force_redirects" USING btree ("customer_id","id");
