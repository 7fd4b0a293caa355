CREATE TABLE "photo_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"urls" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
