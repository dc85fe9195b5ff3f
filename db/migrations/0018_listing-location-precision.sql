ALTER TABLE "listings" ADD COLUMN "location_precision" text;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_location_precision_known" CHECK ("listings"."location_precision" in ('address', 'suburb'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_location_precision_placed" CHECK ("listings"."location_precision" is null or ("listings"."latitude" is not null and "listings"."longitude" is not null));--> statement-breakpoint
-- Existing coordinates: a street address's position when the listing has one, else only its suburb's.
UPDATE "listings" SET "location_precision" = CASE WHEN coalesce(trim("address"), '') <> '' THEN 'address' ELSE 'suburb' END WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
