CREATE TABLE "order_refund_lines" (
	"refund_id" text NOT NULL,
	"order_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "order_refund_lines_refund_id_sku_id_pk" PRIMARY KEY("refund_id","sku_id"),
	CONSTRAINT "order_refund_lines_quantity_check" CHECK ("order_refund_lines"."quantity" > 0 and "order_refund_lines"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "refund" jsonb;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_lines_order_idx" ON "order_refund_lines" USING btree ("order_id");--> statement-breakpoint
-- Refunds decided before lines were chosen: a refunded order's units all went back with its last approval
-- (what each came to was not recorded: its price × quantity), and refusals keep their reason as the message.
INSERT INTO "order_refund_lines" ("refund_id", "order_id", "sku_id", "quantity", "amount")
SELECT r."id", l."order_id", l."sku_id", l."buy_num", l."price" * l."buy_num"
FROM "orders" o
JOIN "order_lines" l ON l."order_id" = o."id"
JOIN LATERAL (
  SELECT "id" FROM "order_refunds"
  WHERE "order_id" = o."id" AND "status" = 'approved'
  ORDER BY "decided_at" DESC, "id" DESC LIMIT 1
) r ON true
WHERE o."status" = -3;--> statement-breakpoint
UPDATE "order_refunds" SET "message" = "refuse_reason" WHERE "status" = 'refused';--> statement-breakpoint
-- The timeline's refund steps, from the notes they were written with ("refund 10.20", "refund refused: …").
UPDATE "order_events" SET "refund" = jsonb_build_object(
  'outcome', 'approved', 'amount', round(substring("note" from 8)::numeric * 100)::int, 'to', null)
WHERE "status" <> -2 AND "note" ~ '^refund [0-9]+\.[0-9]{2}$';--> statement-breakpoint
UPDATE "order_events" SET "refund" = jsonb_build_object('outcome', 'refused', 'amount', 0, 'to', null)
WHERE "status" <> -2 AND "note" LIKE 'refund refused: %';--> statement-breakpoint
UPDATE "order_events" SET "refund" = jsonb_build_object('outcome', 'cancelled', 'amount', 0, 'to', null)
WHERE "status" <> -2 AND "note" = 'refund cancelled';
