DROP INDEX "listings_title_trgm_idx";--> statement-breakpoint
DROP INDEX "listings_description_trgm_idx";--> statement-breakpoint
DROP INDEX "listings_search_created_at_idx";--> statement-breakpoint
DROP INDEX "listings_search_weekly_rent_idx";--> statement-breakpoint
DROP INDEX "listings_search_title_idx";--> statement-breakpoint
DROP INDEX "listings_available_from_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_title" text GENERATED ALWAYS AS (lower("listings"."listing_title")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_description" text GENERATED ALWAYS AS (lower("listings"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_title_trgm_idx" ON "listings" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_search_description_trgm_idx" ON "listings" USING gin ("search_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_public_created_at_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST,"listing_id","landlord_id") WHERE available_from is not null and status in ('available', 'let');--> statement-breakpoint
CREATE INDEX "listings_public_weekly_rent_idx" ON "listings" USING btree ("weekly_rent","listing_id","available_from","landlord_id") WHERE available_from is not null and status in ('available', 'let');--> statement-breakpoint
CREATE INDEX "listings_public_title_idx" ON "listings" USING btree ("listing_title","listing_id") WHERE available_from is not null and status in ('available', 'let');--> statement-breakpoint
CREATE INDEX "listings_public_available_from_idx" ON "listings" USING btree ("available_from","weekly_rent","landlord_id") WHERE available_from is not null and status in ('available', 'let');