ALTER TABLE "edge_nodes" ADD COLUMN "degraded_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "edge_nodes" ADD COLUMN "degraded_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "edge_nodes" ADD COLUMN "degraded_since" timestamp with time zone;