CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_nickname_trgm_idx" ON "users" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "class_sessions_times_idx" ON "class_sessions" USING btree ("id","starts_at","ends_at","course_id");