-- The site list searches domains by substring (ILIKE '%…%'): a trigram index keeps that fast
-- at tens of thousands of sites. pg_trgm is a trusted extension (PostgreSQL 13+), so the
-- database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sites_domain_trgm_idx" ON "sites" USING gin ("domain" gin_trgm_ops);
