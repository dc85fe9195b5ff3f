CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
DROP INDEX "listings_public_position_idx";--> statement-breakpoint
DROP INDEX "listings_public_suburb_idx";--> statement-breakpoint
CREATE INDEX "listings_position_idx" ON "listings" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "listings_position_on_sphere_idx" ON "listings" USING gist (cube(cube(cube(cos(radians("latitude")) * cos(radians("longitude"))), cos(radians("latitude")) * sin(radians("longitude"))), sin(radians("latitude"))));--> statement-breakpoint
CREATE INDEX "listings_public_position_idx" ON "listings" USING btree ("latitude","longitude","landlord_id","listing_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_suburb_idx" ON "listings" USING btree (lower("suburb"),"created_at" DESC NULLS LAST,"listing_id","postcode","landlord_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
-- Suburb and postcode go together (Carlton is 3053): without this PostgreSQL multiplies their shares and guesses a suburb holds a handful of rooms.
CREATE STATISTICS "listings_suburb_postcode_stats" (mcv) ON lower("suburb"), "postcode" FROM "listings";--> statement-breakpoint
ANALYZE "listings";