CREATE TABLE "edge_item_failures" (
	"node_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"error" text NOT NULL,
	CONSTRAINT "edge_item_failures_node_id_kind_item_id_pk" PRIMARY KEY("node_id","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "edge_item_failures" ADD CONSTRAINT "edge_item_failures_node_id_edge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."edge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edge_item_failures_item_idx" ON "edge_item_failures" USING btree ("kind","item_id");--> statement-breakpoint
ALTER TABLE "edge_groups" ADD COLUMN "reserved_ports" integer[] DEFAULT '{}' NOT NULL;
