CREATE TABLE "identity_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"initials" text,
	"document_country" text,
	"verified_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"name_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "identity_checks_status" CHECK ("identity_checks"."status" in ('pending', 'verified', 'failed')),
	CONSTRAINT "identity_checks_verified_complete" CHECK ("identity_checks"."status" <> 'verified' or ("identity_checks"."verified_at" is not null and "identity_checks"."expires_at" is not null and "identity_checks"."name_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "identity_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"session_id" text,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_identity_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'requires_input' NOT NULL,
	"last_error_code" text,
	"document_country" text,
	"return_url" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_identity_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_identity_sessions" ADD CONSTRAINT "sandbox_identity_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_created_idx" ON "identity_checks" USING btree ("user_id","created_at" DESC NULLS LAST);