CREATE TABLE "blog_post_uploads" (
	"post_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	CONSTRAINT "blog_post_uploads_post_id_upload_id_pk" PRIMARY KEY("post_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "blog_post_uploads" ADD CONSTRAINT "blog_post_uploads_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_uploads" ADD CONSTRAINT "blog_post_uploads_upload_id_photo_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."photo_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_uploads_upload_idx" ON "blog_post_uploads" USING btree ("upload_id");