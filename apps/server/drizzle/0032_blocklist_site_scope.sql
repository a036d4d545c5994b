-- Issue 20 §3 (ADR 0039): a WAF or rate-limit ban is a blocklist entry that only its site refuses,
-- on every node (null: the entry's scope is customer_id's).
ALTER TABLE "ip_blocks" ADD COLUMN "scope_site_id" integer;