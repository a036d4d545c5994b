CREATE TABLE "dns_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text
);
--> statement-breakpoint
ALTER TABLE "dns_api_keys" ADD CONSTRAINT "dns_api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dns_api_keys_customer_key" ON "dns_api_keys" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_api_keys_hash_key" ON "dns_api_keys" USING btree ("key_hash");