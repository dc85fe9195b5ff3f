DROP INDEX "listings_public_created_at_idx";--> statement-breakpoint
DROP INDEX "listings_public_weekly_rent_idx";--> statement-breakpoint
DROP INDEX "listings_public_title_idx";--> statement-breakpoint
DROP INDEX "listings_public_available_from_idx";--> statement-breakpoint
DROP INDEX "listings_public_lease_idx";--> statement-breakpoint
DROP INDEX "listings_public_all_in_idx";--> statement-breakpoint
DROP INDEX "listings_public_room_type_idx";--> statement-breakpoint
CREATE INDEX "listings_public_created_at_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST,"listing_id","landlord_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_weekly_rent_idx" ON "listings" USING btree ("weekly_rent","listing_id","available_from","landlord_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_title_idx" ON "listings" USING btree ("listing_title","listing_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_available_from_idx" ON "listings" USING btree ("available_from","weekly_rent","landlord_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_lease_idx" ON "listings" USING btree ("min_lease_months","max_lease_months") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_all_in_idx" ON "listings" USING btree ("all_in_weekly_cost","listing_id") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;--> statement-breakpoint
CREATE INDEX "listings_public_room_type_idx" ON "listings" USING btree ("room_type") WHERE available_from is not null and status in ('available', 'let') and freshness_paused_at is null;