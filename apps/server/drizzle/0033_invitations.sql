CREATE TABLE "invite_conversions" (
	"invitee_id" text PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"order_no" text NOT NULL,
	"converted_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invite_locks" (
	"device_id" text PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"locked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"invitee_id" text NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" text NOT NULL,
	"inviter_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"order_no" text,
	"points" integer DEFAULT 0 NOT NULL,
	"points_reversed" integer DEFAULT 0 NOT NULL,
	"coupon_id" text,
	"member_coupon_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "invite_rewards_invitee_id_kind_pk" PRIMARY KEY("invitee_id","kind")
);
--> statement-breakpoint
ALTER TABLE "invite_conversions" ADD CONSTRAINT "invite_conversions_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_conversions" ADD CONSTRAINT "invite_conversions_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_locks" ADD CONSTRAINT "invite_locks_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_conversions_inviter_idx" ON "invite_conversions" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_id","kind");