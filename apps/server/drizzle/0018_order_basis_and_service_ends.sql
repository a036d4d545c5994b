ALTER TABLE "orders" ADD COLUMN "basis" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "plan_vas" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- Services bought before they had an end of their own end after the cycles their order paid for
-- (in UTC calendar months, as addCycles counts); one sold by the time ('p') keeps none.
UPDATE "plan_vas" AS v SET "ends_at" = CASE o."cycle"
	WHEN 'd' THEN v."created_at" + make_interval(days => o."quantity")
	WHEN 'm' THEN ((v."created_at" AT TIME ZONE 'UTC') + make_interval(months => o."quantity")) AT TIME ZONE 'UTC'
	WHEN 's' THEN ((v."created_at" AT TIME ZONE 'UTC') + make_interval(months => 3 * o."quantity")) AT TIME ZONE 'UTC'
	WHEN 'y' THEN ((v."created_at" AT TIME ZONE 'UTC') + make_interval(months => 12 * o."quantity")) AT TIME ZONE 'UTC'
	END
FROM "orders" AS o WHERE o."serial_number" = v."order_serial";
