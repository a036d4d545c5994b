-- Issue 19 §5 (ADR 0042): top lists are no longer summed batch by batch into hourly and daily
-- tables (most of the ingest cost); a finished display day's top keys are written once from its
-- raw rows, and days not written yet are ranked from the raw rows. `traffic_top_pending` holds
-- the days a rolled-up batch reached that are to be (re)written.
CREATE TABLE "traffic_top_pending" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TABLE "traffic_top_hours" CASCADE;