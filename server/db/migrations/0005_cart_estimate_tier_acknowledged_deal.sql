ALTER TABLE "carts" ADD COLUMN "estimate_tier" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "acknowledged_deal" jsonb;