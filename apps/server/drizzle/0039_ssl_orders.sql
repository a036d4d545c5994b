-- Issue 22 §4: certificate products (their ACME CA, EAB key id and sealed HMAC key, terms) and
-- certificate orders (types 20-23: the domains bought, the certificate made or renewed); a bought
-- certificate names its product and paid period; ACME accounts are keyed by CA and EAB key id.
CREATE TABLE "ssl_orders" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"certificate_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssl_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"ca" text NOT NULL,
	"directory_url" text DEFAULT '' NOT NULL,
	"eab_kid" text DEFAULT '' NOT NULL,
	"eab_hmac_sealed" text DEFAULT '' NOT NULL,
	"max_domains" smallint NOT NULL,
	"wildcard" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acme_accounts" DROP CONSTRAINT "acme_accounts_directory_unique";--> statement-breakpoint
ALTER TABLE "acme_accounts" ADD COLUMN "eab_kid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ssl_orders" ADD CONSTRAINT "ssl_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssl_orders" ADD CONSTRAINT "ssl_orders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssl_products" ADD CONSTRAINT "ssl_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acme_accounts" ADD CONSTRAINT "acme_accounts_directory_kid_unique" UNIQUE("directory_url","eab_kid");