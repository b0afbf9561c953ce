CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"position" integer NOT NULL,
	"goods_id" text NOT NULL,
	"goods_type" smallint NOT NULL,
	"goods_name" text NOT NULL,
	"goods_name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sku_name" text NOT NULL,
	"sku_name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"buy_num" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"terms" jsonb,
	CONSTRAINT "order_lines_order_id_sku_id_pk" PRIMARY KEY("order_id","sku_id"),
	CONSTRAINT "order_lines_buy_num_check" CHECK ("order_lines"."buy_num" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"mid" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	"pay_type" text,
	"goods_amount" integer NOT NULL,
	"freight_amount" integer NOT NULL,
	"pay_amount" integer NOT NULL,
	"address" jsonb,
	"remark" text DEFAULT '' NOT NULL,
	"pickup_code" text,
	"express_name" text DEFAULT '' NOT NULL,
	"express_no" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"auto_receive_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_pickupCode_unique" UNIQUE("pickup_code"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" between -4 and 6),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."goods_amount" >= 0 and "orders"."freight_amount" >= 0 and "orders"."pay_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_sku_id_goods_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "orders_auto_receive_idx" ON "orders" USING btree ("auto_receive_at") WHERE "orders"."status" = 4;--> statement-breakpoint
CREATE INDEX "payments_ref_idx" ON "payments" USING btree ("purpose","ref");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_settled_per_order" ON "payments" USING btree ("ref") WHERE "payments"."status" = 'succeeded' and "payments"."purpose" = 'order';