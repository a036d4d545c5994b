-- Issue 20 (ADR 0039): a blocklist entry a customer's WAF rule asked for closes only that customer's
-- sites (null: the whole platform, an admin's entry).
ALTER TABLE "ip_blocks" ADD COLUMN "customer_id" integer;