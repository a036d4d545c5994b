ALTER TABLE "admins" ADD COLUMN "google_auth_last_step" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "google_auth_last_step" integer;