CREATE SEQUENCE "public"."checkout_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 20001 CACHE 1;--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"vehicle_id" uuid,
	"deal_type" text NOT NULL,
	"step" text DEFAULT 'cart' NOT NULL,
	"completed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"down_payment_cents" integer DEFAULT 0 NOT NULL,
	"term_months" integer NOT NULL,
	"annual_miles" integer,
	"timer_visible" boolean DEFAULT true NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"protection_status" text DEFAULT 'undecided' NOT NULL,
	"protection_plan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fulfillment" jsonb,
	"credit_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credit_completed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pii_cipher" text,
	"bureau_file" jsonb,
	"application_submitted_at" timestamp with time zone,
	"decision" jsonb,
	"deal_status" text,
	"placement_status" text DEFAULT 'NOT_PLACED' NOT NULL,
	"placement_key" text,
	"placement_attempt" integer DEFAULT 0 NOT NULL,
	"placement_method" text,
	"placement_amount_cents" integer,
	"placement_last4" text,
	"placement_started_at" timestamp with time zone,
	"placement_ready_at" timestamp with time zone,
	"order_number" text,
	"receipt" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_order_number_orders_order_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("order_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_user_uq" ON "carts" USING btree ("tenant_id","user_id") WHERE status = 'open' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_session_uq" ON "carts" USING btree ("tenant_id","session_id") WHERE status = 'open' and user_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_order_number_uq" ON "carts" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "carts_user_idx" ON "carts" USING btree ("tenant_id","user_id","updated_at");--> statement-breakpoint
CREATE INDEX "vehicles_hold_until_idx" ON "vehicles" USING btree ("hold_until") WHERE hold_until is not null;