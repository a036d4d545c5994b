-- Issue 17 §3 (ADR 0034). One login field takes a username, an e-mail or a mobile: keep the
-- three kinds apart in the database so no identifier of one account can equal another's.
-- Usernames that read as an e-mail (an @) or a mobile (all digits) are renamed "u<id>-<name>"
-- with the @ made "_"; those accounts still log in by their e-mail or mobile, or ask an admin.
UPDATE "customers" SET "username" = 'u' || "id" || '-' || replace("username", '@', '_')
  WHERE position('@' in "username") > 0 OR "username" ~ '^[0-9]+$';
--> statement-breakpoint
UPDATE "admins" SET "username" = 'u' || "id" || '-' || replace("username", '@', '_')
  WHERE position('@' in "username") > 0 OR "username" ~ '^[0-9]+$';
--> statement-breakpoint
-- Only hand-written rows can break these (the forms never allowed them); such a value could
-- never receive a code, and an e-mail shared in another case made login pick either account.
UPDATE "customers" SET "mail" = NULL WHERE position('@' in "mail") = 0
  OR EXISTS (SELECT 1 FROM "customers" o WHERE lower(o."mail") = lower("customers"."mail") AND o."id" < "customers"."id");
--> statement-breakpoint
UPDATE "customers" SET "mobile" = NULL WHERE "mobile" !~ '^[0-9]+$';
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_mail_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_mail_unique" ON "customers" USING btree (lower("mail"));
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_username_shape" CHECK (position('@' in "customers"."username") = 0 and "customers"."username" !~ '^[0-9]+$');
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_mail_shape" CHECK (position('@' in "customers"."mail") > 0);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_mobile_shape" CHECK ("customers"."mobile" ~ '^[0-9]+$');
--> statement-breakpoint
-- Only hand-written rows can break these (the forms never allowed them); such a value could
-- never receive a code, and an e-mail shared in another case made login pick either account.
UPDATE "admins" SET "mail" = NULL WHERE position('@' in "mail") = 0
  OR EXISTS (SELECT 1 FROM "admins" o WHERE lower(o."mail") = lower("admins"."mail") AND o."id" < "admins"."id");
--> statement-breakpoint
UPDATE "admins" SET "mobile" = NULL WHERE "mobile" !~ '^[0-9]+$';
--> statement-breakpoint
ALTER TABLE "admins" DROP CONSTRAINT "admins_mail_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "admins_mail_unique" ON "admins" USING btree (lower("mail"));
--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_username_shape" CHECK (position('@' in "admins"."username") = 0 and "admins"."username" !~ '^[0-9]+$');
--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_mail_shape" CHECK (position('@' in "admins"."mail") > 0);
--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_mobile_shape" CHECK ("admins"."mobile" ~ '^[0-9]+$');
--> statement-breakpoint
-- Login and pay-password tries: one row per key, reserved by one upsert before the hash check.
DROP TABLE "login_failures";
--> statement-breakpoint
CREATE TABLE "attempt_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"tries" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_throttles_updated_idx" ON "attempt_throttles" USING btree ("updated_at");
