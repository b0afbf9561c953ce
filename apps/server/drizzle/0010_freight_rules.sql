CREATE TABLE "freight_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"first_weight" integer NOT NULL,
	"first_weight_price" integer NOT NULL,
	"continuous_weight" integer NOT NULL,
	"continuous_weight_price" integer NOT NULL,
	"max_weight" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_rules_weights_check" CHECK ("freight_rules"."first_weight" > 0 and "freight_rules"."continuous_weight" > 0 and "freight_rules"."max_weight" >= "freight_rules"."first_weight"),
	CONSTRAINT "freight_rules_prices_check" CHECK ("freight_rules"."first_weight_price" >= 0 and "freight_rules"."continuous_weight_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_freight_id_freight_rules_id_fk" FOREIGN KEY ("freight_id") REFERENCES "public"."freight_rules"("id") ON DELETE no action ON UPDATE no action;