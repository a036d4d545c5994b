CREATE TABLE "payment_handoffs" (
	"gateway" text NOT NULL,
	"order_serial" text NOT NULL,
	"reference" text NOT NULL,
	"action" jsonb NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_handoffs_pkey" PRIMARY KEY("gateway","order_serial")
);
