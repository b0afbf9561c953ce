ALTER TABLE "reservations" ALTER COLUMN "package_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "drop_in_amount" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "drop_in_method" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "booked_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_paid_once" CHECK (("reservations"."package_id" is null) = ("reservations"."drop_in_amount" is not null) and ("reservations"."drop_in_amount" is null) = ("reservations"."drop_in_method" is null));