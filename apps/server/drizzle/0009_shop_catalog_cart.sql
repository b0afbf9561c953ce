CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"mid" text NOT NULL,
	"sku_id" text NOT NULL,
	"buy_num" integer NOT NULL,
	"action_checked" boolean DEFAULT true NOT NULL,
	"seen_price" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_mid_sku_id_pk" PRIMARY KEY("user_id","mid","sku_id"),
	CONSTRAINT "cart_lines_buy_num_check" CHECK ("cart_lines"."buy_num" > 0)
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" smallint NOT NULL,
	"category_id" text,
	"cart_rule" smallint DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_on_sale" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"freight_id" text,
	"exp_time_mode" smallint DEFAULT 0 NOT NULL,
	"exp_time_range" jsonb,
	"exp_time_rule" jsonb,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_type_check" CHECK ("goods"."type" in (0, 1)),
	CONSTRAINT "goods_cart_rule_check" CHECK ("goods"."cart_rule" in (0, 1)),
	CONSTRAINT "goods_exp_time_mode_check" CHECK ("goods"."exp_time_mode" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "goods_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_favorites" (
	"user_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_favorites_user_id_goods_id_pk" PRIMARY KEY("user_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "goods_skus" (
	"id" text PRIMARY KEY NOT NULL,
	"goods_id" text NOT NULL,
	"sku_name" text NOT NULL,
	"sku_name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"stock" integer NOT NULL,
	"weight" integer,
	"class_count" integer,
	"image" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_skus_stock_check" CHECK ("goods_skus"."stock" >= 0),
	CONSTRAINT "goods_skus_price_check" CHECK ("goods_skus"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"keyword" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_sku_id_goods_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_category_id_goods_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goods_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_categories" ADD CONSTRAINT "goods_categories_parent_id_goods_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."goods_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_favorites" ADD CONSTRAINT "goods_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_favorites" ADD CONSTRAINT "goods_favorites_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_skus" ADD CONSTRAINT "goods_skus_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "goods_search_trgm_idx" ON "goods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_categories_parent_idx" ON "goods_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "goods_favorites_user_idx" ON "goods_favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_skus_goods_idx" ON "goods_skus" USING btree ("goods_id","sort");