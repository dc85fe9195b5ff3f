ALTER TYPE "public"."listing_status" ADD VALUE 'hidden';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "moderation_reason" text;