CREATE TABLE "renter_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_documents_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "renter_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "renter_documents_kind" CHECK ("renter_documents"."kind" in ('income', 'enrolment')),
	CONSTRAINT "renter_documents_content_type" CHECK ("renter_documents"."content_type" in ('application/pdf', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "renter_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"occupation" text,
	"occupation_place" text DEFAULT '' NOT NULL,
	"move_in_earliest" date,
	"move_in_latest" date,
	"stay_months" integer,
	"weekly_budget" integer,
	"preferred_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pets" text DEFAULT 'undisclosed' NOT NULL,
	"smoking" text DEFAULT 'undisclosed' NOT NULL,
	"findable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_profiles_occupation" CHECK ("renter_profiles"."occupation" in ('studying', 'working', 'other')),
	CONSTRAINT "renter_profiles_pets" CHECK ("renter_profiles"."pets" in ('yes', 'no', 'undisclosed')),
	CONSTRAINT "renter_profiles_smoking" CHECK ("renter_profiles"."smoking" in ('yes', 'no', 'undisclosed')),
	CONSTRAINT "renter_profiles_stay_months" CHECK ("renter_profiles"."stay_months" between 3 and 12),
	CONSTRAINT "renter_profiles_weekly_budget" CHECK ("renter_profiles"."weekly_budget" between 1 and 10000),
	CONSTRAINT "renter_profiles_move_in_window" CHECK ("renter_profiles"."move_in_latest" >= "renter_profiles"."move_in_earliest")
);
--> statement-breakpoint
CREATE TABLE "renter_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"email" text NOT NULL,
	"token_nonce" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renter_documents" ADD CONSTRAINT "renter_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_profiles" ADD CONSTRAINT "renter_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_references" ADD CONSTRAINT "renter_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renter_documents_created_idx" ON "renter_documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "renter_profiles_findable_idx" ON "renter_profiles" USING btree ("updated_at") WHERE "renter_profiles"."findable";--> statement-breakpoint
CREATE INDEX "renter_references_user_idx" ON "renter_references" USING btree ("user_id","created_at");