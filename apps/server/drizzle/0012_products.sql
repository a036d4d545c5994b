CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prices" jsonb NOT NULL,
	"billing_mode" smallint DEFAULT 1 NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("kind","on_sale","sort");