CREATE TABLE "login_guesses" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The counters of names no account has were keyed by the bare name; they are now 'name:' and the
-- name, per address. They are only counters of guesses at nothing: forgetting them costs nothing.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_pkey";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_account_address_pk" PRIMARY KEY("account","address");--> statement-breakpoint
-- A member locked now stays locked until their lock ends, from every address (as before), under
-- the key of modules/account/lockout.ts (memberKey: the id and a digest of the password hash).
INSERT INTO "login_failures" ("account", "address", "failures", "locked_until", "updated_at")
SELECT "id" || ':' || coalesce(left(encode(sha256(convert_to("password_hash", 'UTF8')), 'hex'), 12), 'none'), '', 0, "locked_until", now()
FROM "users" WHERE "locked_until" > now();--> statement-breakpoint
UPDATE "users" SET "failed_logins" = 0, "locked_until" = NULL WHERE "failed_logins" <> 0 OR "locked_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "login_guesses_account_idx" ON "login_guesses" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "login_guesses_at_idx" ON "login_guesses" USING btree ("at");
