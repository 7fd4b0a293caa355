CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"source" text NOT NULL,
	"vin" text,
	"user_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"phone_consent" boolean DEFAULT false NOT NULL,
	"comments" text,
	"delivery_status" text DEFAULT 'PENDING' NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prequalifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"score" integer,
	"pulled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"details" jsonb,
	"pii_cipher" text,
	"keep_data" boolean DEFAULT false NOT NULL,
	"data_entered_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid,
	"subject_email" text NOT NULL,
	"requester" text NOT NULL,
	"requester_name" text,
	"requester_email" text,
	"kind" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'UNVERIFIED' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"extended_due_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TABLE "trade_in_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"vin" text NOT NULL,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text NOT NULL,
	"mileage" integer NOT NULL,
	"condition" text NOT NULL,
	"ownership" text NOT NULL,
	"registration_state" text NOT NULL,
	"apply_to_purchase" boolean DEFAULT false NOT NULL,
	"has_loan" boolean DEFAULT false NOT NULL,
	"amount_owed_cents" integer,
	"status" text NOT NULL,
	"offer_cents" integer,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"payoff" jsonb,
	"applied_cart_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "trade_in" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deal" jsonb;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "stock_number" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "feed_hash" text;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalifications" ADD CONSTRAINT "prequalifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_offers" ADD CONSTRAINT "trade_in_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_offers" ADD CONSTRAINT "trade_in_offers_applied_cart_id_carts_id_fk" FOREIGN KEY ("applied_cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_sessions_user_idx" ON "identity_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_submission_uq" ON "leads" USING btree ("tenant_id","submission_id");--> statement-breakpoint
CREATE INDEX "leads_tenant_email_idx" ON "leads" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prequalifications_user_uq" ON "prequalifications" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "prequalifications_purge_idx" ON "prequalifications" USING btree ("data_entered_at") WHERE details is not null and keep_data = false;--> statement-breakpoint
CREATE INDEX "privacy_requests_subject_idx" ON "privacy_requests" USING btree ("tenant_id","subject_email","kind","created_at");--> statement-breakpoint
CREATE INDEX "trade_in_offers_user_idx" ON "trade_in_offers" USING btree ("tenant_id","user_id","created_at");