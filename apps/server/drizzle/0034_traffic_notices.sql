-- Issue 19 §4: which traffic notices (flow_expire, flow_out) a customer was told this month.
CREATE TABLE "traffic_notices" (
	"customer_id" integer NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_notices_customer_id_month_kind_pk" PRIMARY KEY("customer_id","month","kind")
);
--> statement-breakpoint
ALTER TABLE "traffic_notices" ADD CONSTRAINT "traffic_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;