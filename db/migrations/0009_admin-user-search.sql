CREATE INDEX "profiles_role_created_at_idx" ON "profiles" USING btree ("role","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_subscription_created_at_idx" ON "profiles" USING btree ("subscription_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_first_name_trgm_idx" ON "profiles" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_last_name_trgm_idx" ON "profiles" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);