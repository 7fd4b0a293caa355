ALTER TABLE "vehicles" ADD COLUMN "stock_number" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "feed_hash" text;