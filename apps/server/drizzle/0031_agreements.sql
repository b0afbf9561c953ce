CREATE TABLE "agreement_acceptances" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"how" text NOT NULL,
	CONSTRAINT "agreement_acceptances_user_id_kind_version_pk" PRIMARY KEY("user_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_acceptances_kind_idx" ON "agreement_acceptances" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_versions_kind_version_idx" ON "agreement_versions" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_versions_one_draft_idx" ON "agreement_versions" USING btree ("kind") WHERE "agreement_versions"."published_at" is null;