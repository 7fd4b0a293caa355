CREATE TABLE "sandbox_gateway_answers" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"last4" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
