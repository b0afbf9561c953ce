ALTER TABLE "user_tokens" ADD COLUMN "renewed_to" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "token_ttl_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_token_ttl_days_check" CHECK ("merchants"."token_ttl_days" between 4 and 365);