ALTER TABLE "payments" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_answers" ADD COLUMN "charge_key" text;