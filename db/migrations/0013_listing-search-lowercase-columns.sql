DROP INDEX "listings_title_trgm_idx";--> statement-breakpoint
DROP INDEX "listings_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_title" text GENERATED ALWAYS AS (lower("listings"."listing_title")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_description" text GENERATED ALWAYS AS (lower("listings"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_title_trgm_idx" ON "listings" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_search_description_trgm_idx" ON "listings" USING gin ("search_description" gin_trgm_ops);