-- Issue 22 §4: certificate products cannot offer wildcard names (the edges prove a name over
-- HTTP-01; a CA takes only DNS-01 for a wildcard): the switch sold what could never be issued.
ALTER TABLE "ssl_products" DROP COLUMN "wildcard";