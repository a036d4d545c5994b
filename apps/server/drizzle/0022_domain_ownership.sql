ALTER TABLE "customers" ADD COLUMN "ownership_waived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "domain_verify_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "verify_checked_at" timestamp with time zone;--> statement-breakpoint
-- Sites saved before ownership proof keep serving (ADR 0033): they were live traffic already.
UPDATE "sites" SET "verified_at" = "created_at";
