-- Issue 18: the domain-admin page's serving settings (one JSON document per site, sections
-- default when absent) and every saved version of a site's configuration for history and rollback.
ALTER TABLE "sites" ADD COLUMN "remark" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "site_config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"version" integer NOT NULL,
	"actor" text NOT NULL,
	"change" text NOT NULL,
	"restored_version" integer,
	"snapshot" jsonb NOT NULL,
	"nginx" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_config_versions_site_version_unique" UNIQUE("site_id","version")
);
--> statement-breakpoint
ALTER TABLE "site_config_versions" ADD CONSTRAINT "site_config_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
