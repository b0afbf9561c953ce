CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_refunds_settled_idx" ON "payment_refunds" USING btree ("settled_at") WHERE "payment_refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_settled_idx" ON "payments" USING btree ("settled_at") WHERE "payments"."status" = 'succeeded' and "payments"."purpose" = 'order';--> statement-breakpoint
CREATE INDEX "wallet_ledger_kind_idx" ON "wallet_ledger" USING btree ("kind","created_at");