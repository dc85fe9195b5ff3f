CREATE TABLE "listing_photo_uploads" (
	"listing_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	CONSTRAINT "listing_photo_uploads_listing_id_upload_id_pk" PRIMARY KEY("listing_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "photo_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_photo_uploads" ADD CONSTRAINT "listing_photo_uploads_listing_id_listings_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("listing_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo_uploads" ADD CONSTRAINT "listing_photo_uploads_upload_id_photo_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."photo_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photo_uploads_upload_idx" ON "listing_photo_uploads" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "photo_uploads_created_at_idx" ON "photo_uploads" USING btree ("created_at");