-- Issue 19 §5 (ADR 0042): the rollups are summed by a job from the raw rows of stored batches, not
-- at ingest: each batch gets a sequence number its raw rows carry, and a flag once it is rolled up.
ALTER TABLE "log_batches" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "log_batches" ADD COLUMN "rolled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "log_batches_unrolled_idx" ON "log_batches" USING btree ("seq") WHERE not "log_batches"."rolled";--> statement-breakpoint
ALTER TABLE "log_batches" ADD CONSTRAINT "log_batches_seq_unique" UNIQUE("seq");
--> statement-breakpoint
ALTER TABLE "access_logs" ADD COLUMN "batch_seq" bigint NOT NULL;
--> statement-breakpoint
ALTER TABLE "access_logs" ADD COLUMN "customer_id" integer NOT NULL;
--> statement-breakpoint
CREATE INDEX "access_logs_batch_seq_idx" ON "access_logs" ("batch_seq");
