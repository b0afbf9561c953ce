CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"goods_name" text NOT NULL,
	"sku_name" text NOT NULL,
	"sku_name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rate" smallint NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_rate_check" CHECK ("reviews"."rate" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_sku_idx" ON "reviews" USING btree ("order_no","sku_id");--> statement-breakpoint
CREATE INDEX "reviews_goods_idx" ON "reviews" USING btree ("goods_id","created_at") WHERE not "reviews"."hidden";--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");