-- Issue 19 §5: the request log of all a customer's sites (the screen's default) reads the newest
-- rows of the customer, not every site's rows of the range merged and sorted.
CREATE INDEX "access_logs_customer_at_idx" ON "access_logs" ("customer_id", "at" DESC);
