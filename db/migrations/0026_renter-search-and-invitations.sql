ALTER TABLE "conversations" ADD COLUMN "origin" text DEFAULT 'enquiry' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "invitation_state" text;--> statement-breakpoint
ALTER TABLE "renter_profiles" ADD COLUMN "accepts_invitations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_landlord_invitations_idx" ON "conversations" USING btree ("landlord_id","created_at" DESC NULLS LAST) WHERE "conversations"."origin" = 'invitation';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_open_invitation_idx" ON "conversations" USING btree ("listing_id","tenant_id") WHERE "conversations"."origin" = 'invitation' and "conversations"."status" = 'open';--> statement-breakpoint
CREATE INDEX "renter_profiles_findable_budget_idx" ON "renter_profiles" USING btree ("weekly_budget") WHERE "renter_profiles"."findable";--> statement-breakpoint
CREATE INDEX "renter_profiles_findable_move_in_idx" ON "renter_profiles" USING btree ("move_in_earliest") WHERE "renter_profiles"."findable";--> statement-breakpoint
CREATE INDEX "renter_profiles_preferred_areas_idx" ON "renter_profiles" USING gin ("preferred_areas" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_origin" CHECK ("conversations"."origin" in ('enquiry', 'invitation'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_invitation_state" CHECK (("conversations"."origin" = 'enquiry' and "conversations"."invitation_state" is null) or ("conversations"."origin" = 'invitation' and "conversations"."invitation_state" in ('pending', 'accepted', 'declined')));