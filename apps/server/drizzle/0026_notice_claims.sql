ALTER TABLE "member_coupons" ADD COLUMN "expiry_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expiry_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_packages" ADD COLUMN "expiry_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_packages" ADD COLUMN "used_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_packages" ADD COLUMN "used_up_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "member_coupons_expiry_notice_idx" ON "member_coupons" USING btree ("ends_at") WHERE "member_coupons"."status" = 'unused' and "member_coupons"."expiry_notified_at" is null;--> statement-breakpoint
CREATE INDEX "member_packages_expiry_notice_idx" ON "member_packages" USING btree ("valid_until") WHERE "member_packages"."expiry_notified_at" is null and "member_packages"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "member_packages_used_up_idx" ON "member_packages" USING btree ("used_up_at") WHERE "member_packages"."used_up_at" is not null and "member_packages"."used_up_notified_at" is null;--> statement-breakpoint
-- Refunds waiting for their provider were asked again by a sweep that is gone (payments.resendRefunds):
-- the event outbox asks for them now, as it does for every new one (payments.sendRefund).
INSERT INTO "event_outbox" ("id", "event_id", "subscriber", "name", "payload", "created_at", "next_attempt_at")
SELECT 'migrated_' || r."id" || ':payments.sendRefund', 'migrated_' || r."id", 'payments.sendRefund', 'payment.refundStarted',
  jsonb_build_object('payment_refund_id', r."id", 'payment_id', r."payment_id", 'order_no', r."ref", 'provider', r."provider", 'amount', r."amount"),
  r."created_at", r."created_at"
FROM "payment_refunds" r WHERE r."status" = 'pending' AND r."provider_ref" = '';