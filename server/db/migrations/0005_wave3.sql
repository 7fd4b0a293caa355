CREATE TABLE "photo_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"photo" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "estimate_tier" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "acknowledged_deal" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "co_buyer" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_jobs_tenant_url_uq" ON "photo_jobs" USING btree ("tenant_id","source_url");--> statement-breakpoint
CREATE INDEX "photo_jobs_due_idx" ON "photo_jobs" USING btree ("run_after") WHERE status in ('pending', 'working');