CREATE TYPE "public"."listing_room_type" AS ENUM('private_room', 'ensuite', 'studio', 'whole_apartment');--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "min_lease_months" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "max_lease_months" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bills_included" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bills_cap" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bills_estimate" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "furnished" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "room_type" "listing_room_type" DEFAULT 'private_room' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "all_in_weekly_cost" numeric(10, 2) GENERATED ALWAYS AS (weekly_rent + coalesce(bills_estimate, 0)) STORED;--> statement-breakpoint
CREATE INDEX "listings_public_lease_idx" ON "listings" USING btree ("min_lease_months","max_lease_months") WHERE available_from is not null and status in ('available', 'let');--> statement-breakpoint
CREATE INDEX "listings_public_all_in_idx" ON "listings" USING btree ("all_in_weekly_cost","listing_id") WHERE available_from is not null and status in ('available', 'let');--> statement-breakpoint
CREATE INDEX "listings_public_room_type_idx" ON "listings" USING btree ("room_type") WHERE available_from is not null and status in ('available', 'let');--> statement-breakpoint
CREATE INDEX "listings_bills_included_idx" ON "listings" USING gin ("bills_included");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_lease_range" CHECK ("listings"."min_lease_months" between 3 and "listings"."max_lease_months" and "listings"."max_lease_months" <= 12);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_bills_known" CHECK ("listings"."bills_included" <@ array['power', 'gas', 'internet', 'water']::text[]);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_bills_amounts_non_negative" CHECK ("listings"."bills_cap" >= 0 and "listings"."bills_estimate" >= 0);