CREATE TABLE "coupon_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" smallint NOT NULL,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"discount_tenths" integer DEFAULT 100 NOT NULL,
	"time_type" smallint NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"start_days" integer,
	"end_days" integer,
	"goods_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"in_center" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_claimed_check" CHECK ("coupons"."claimed" >= 0 and "coupons"."claimed" <= "coupons"."total"),
	CONSTRAINT "coupons_used_check" CHECK ("coupons"."used" >= 0 and "coupons"."used" <= "coupons"."claimed"),
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" in (1, 2)),
	CONSTRAINT "coupons_tenths_check" CHECK ("coupons"."discount_tenths" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_no" text,
	"used_at" timestamp with time zone,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_codes_coupon_idx" ON "coupon_codes" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupons_center_idx" ON "coupons" USING btree ("created_at") WHERE "coupons"."in_center" and "coupons"."enabled";--> statement-breakpoint
CREATE INDEX "member_coupons_user_idx" ON "member_coupons" USING btree ("user_id","status","ends_at");--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_idx" ON "member_coupons" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "member_coupons_order_idx" ON "member_coupons" USING btree ("order_no");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."goods_amount" >= 0 and "orders"."freight_amount" >= 0 and "orders"."pay_amount" >= 0 and "orders"."coupon_amount" >= 0 and "orders"."points_used" >= 0 and "orders"."points_amount" >= 0);