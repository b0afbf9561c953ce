ALTER TABLE "goods" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_seq_idx" ON "wallet_ledger" USING btree ("user_id","book","seq");--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_max_per_order_check" CHECK ("goods"."max_per_order" between 1 and 999);