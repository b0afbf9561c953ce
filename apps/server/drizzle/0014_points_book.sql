DROP INDEX "wallet_ledger_user_idx";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "book" text DEFAULT 'money' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_pkey";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_user_id_book_pk" PRIMARY KEY("user_id","book");--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "book" text DEFAULT 'money' NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","book","created_at");
